# Pandoria's words in English: prompts, refusals, log lines, choice labels.
# Ids start with `pandoria-`; variables are named like the Rust arguments.

pandoria-gold = { $n } gold

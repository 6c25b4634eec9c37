# Roll Through the Ages' words in English: prompts, refusals, log lines, choice labels.
# Ids start with `rtta-`; variables are named like the Rust arguments.

rtta-coins = { $n ->
    [one] 1 coin
   *[other] { $n } coins
}

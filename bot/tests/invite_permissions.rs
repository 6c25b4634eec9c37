//! The README's invite asks for exactly the permissions the code lists
//! (`turnpost_bot::discord::permissions::INVITE`), so the two cannot drift: the integer in
//! the link, the integer in the text and the bits listed with their values.

use std::path::Path;

use turnpost_bot::discord::permissions::{INVITE, invite_integer};

fn readme() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_readme_invite_integer_is_the_sum_of_the_bits_the_code_uses() {
    let text = readme();
    let link = text
        .split("permissions=")
        .nth(1)
        .expect("the README has an invite link with permissions=");
    let digits: String = link.chars().take_while(char::is_ascii_digit).collect();
    let in_link: u64 = digits.parse().expect("a permission integer in the link");
    assert_eq!(
        in_link,
        invite_integer(),
        "the invite link asks for {in_link}, the code needs {}",
        invite_integer()
    );
    assert!(
        text.contains(&format!("permission integer\n   `{}`", invite_integer())),
        "the text names the integer {} beside the link",
        invite_integer()
    );
    // Every other permissions= in the README (a second link) agrees too.
    for other in text.split("permissions=").skip(1) {
        let digits: String = other.chars().take_while(char::is_ascii_digit).collect();
        assert_eq!(digits, invite_integer().to_string());
    }
}

#[test]
fn the_readme_lists_each_bit_with_its_value_and_why() {
    let text = readme();
    let section = text
        .split("2. Invite it with")
        .nth(1)
        .and_then(|s| s.split("3. Configure").next())
        .expect("the README's invite step");
    let listed: Vec<&str> = section
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("- ") && l.contains("(`1<<"))
        .collect();
    assert_eq!(
        listed.len(),
        INVITE.len(),
        "one line per permission:\n{}",
        listed.join("\n")
    );
    // The permissions' names are the bot's words (English here, as the README).
    turnpost_bot::install_words();
    for needed in INVITE {
        let bits = needed.bit.bits();
        let shift = bits.trailing_zeros();
        let line = format!("- {} (`1<<{shift}` = {bits}):", needed.name());
        assert!(
            section.contains(&line),
            "the README lists {line:?} with why it is needed"
        );
    }
}

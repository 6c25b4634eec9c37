//! Routes: openapi.json's most specific template, and `Matcher`s by method and route.

use super::*;

#[test]
fn openapi_paths_match_the_most_specific_template() {
    let spec = support::openapi::spec();
    let op = spec
        .find("PATCH", "/webhooks/1/tok/messages/@original")
        .unwrap();
    assert_eq!(
        op.template,
        "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
    );
    let op = spec.find("PATCH", "/webhooks/1/tok/messages/55").unwrap();
    assert_eq!(
        op.template,
        "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
    );
    assert_eq!(op.params["message_id"], "55");
    let op = spec.find("POST", "/users/@me/channels").unwrap();
    assert_eq!(op.template, "/users/@me/channels");
    assert!(spec.find("POST", "/gateway").is_err());
    // The fake's answers are checked against the response schemas too.
    let op = spec.find("POST", "/channels/1/messages").unwrap();
    let v = spec.check_response(&op, 200, Some(&json!({ "id": "1", "content": "hi" })));
    assert!(
        v.iter()
            .any(|e| e.contains("\"timestamp\" is a required property")),
        "{v:#?}"
    );
    assert!(spec.find("GET", "/no/such/route").is_err());
    // A bad callback body is explained branch by branch.
    let op = spec.find("POST", "/interactions/1/tok/callback").unwrap();
    let v = spec.check_request(
        &op,
        &[],
        Some("application/json"),
        Some(&json!({ "type": 5, "data": { "content": 7 } })),
    );
    assert!(
        v.iter()
            .any(|e| e.contains("CreateMessageInteractionCallbackRequest")),
        "{v:#?}"
    );
}

#[test]
fn matchers_select_by_method_and_route() {
    let rec = |method: &str, route: &str, dm: Option<u64>| support::Recorded {
        method: method.into(),
        path: format!("/api/v10{route}"),
        query: String::new(),
        json: None,
        files: Vec::new(),
        received: std::time::Instant::now(),
        received_at: std::time::SystemTime::now(),
        interaction_received: None,
        status: 200,
        response: None,
        problems: Vec::new(),
        injected: false,
        deduplicated: false,
        dm_recipient: dm,
    };
    let post = rec("POST", "/channels/5/messages", None);
    let dm = rec("POST", "/channels/6/messages", Some(ALICE));
    let edit = rec("PATCH", "/channels/5/messages/9", None);
    assert!(Matcher::channel_messages(5).matches(&post));
    assert!(!Matcher::channel_messages(6).matches(&post));
    assert!(!Matcher::channel_messages(5).matches(&edit));
    assert!(Matcher::any_post_message().matches(&post) && Matcher::any_post_message().matches(&dm));
    assert!(Matcher::dm_messages().matches(&dm) && !Matcher::dm_messages().matches(&post));
    assert!(Matcher::dm_messages_to(ALICE).matches(&dm));
    assert!(!Matcher::dm_messages_to(BOB).matches(&dm));
    assert!(Matcher::message_edits().matches(&edit) && !Matcher::message_edits().matches(&post));
    assert!(Matcher::new("*", "/channels/5/**").matches(&edit));
    assert!(Matcher::new("*", "/channels/5/**").matches(&post));
    assert!(!Matcher::new("*", "/channels/5").matches(&post));
    assert!(Matcher::callbacks().matches(&rec("POST", "/interactions/1/tok/callback", None)));
    assert!(Matcher::followups().matches(&rec("POST", "/webhooks/1/tok", None)));
    assert!(Matcher::original_edits().matches(&rec(
        "PATCH",
        "/webhooks/1/tok/messages/@original",
        None
    )));
    assert!(Matcher::dm_opens().matches(&rec("POST", "/users/@me/channels", None)));
}

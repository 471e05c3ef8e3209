//! Settings and administration (spec 1 §2 Settings area): the club's own users through the
//! e-mail check and invitations, who reaches settings and the admin group, system users with
//! their memberships, impersonation, and the staff profile.

use reqwest::StatusCode;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::helpers::{first_error, png, save_client_user, spawn_app, user_id};

#[tokio::test]
async fn a_club_user_is_created_through_the_email_check_and_an_existing_user_is_invited() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;

    // A free address: the other fields unlock.
    let (status, body) = admin
        .get_json("/api/client/users/find/ny.medarbejder@tribune.test")
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["result"]["status"], json!("new"));
    assert_eq!(body["result"]["allowed"], json!(true));
    // Already in the club: not allowed.
    let (_, body) = admin
        .get_json("/api/client/users/find/staff@tribune.test")
        .await;
    assert_eq!(body["result"]["status"], json!("member"));
    assert_eq!(body["result"]["allowed"], json!(false));
    // Not an address at all.
    let (status, body) = admin
        .get_json("/api/client/users/find/ikke-en-adresse")
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "email"),
        "E-mail skal være en gyldig e-mail adresse"
    );

    // The rules, in Danish, and nothing is created.
    let (status, body) = save_client_user(
        &admin,
        json!({ "email": "ny.medarbejder@tribune.test", "firstname": " ", "role": "boss", "password": "kort" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "firstname"), "Fornavn skal udfyldes");
    assert_eq!(first_error(&body, "role"), "Rollen findes ikke i klubben");
    assert_eq!(
        first_error(&body, "password"),
        "Adgangskode skal mindst være 8 tegn"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM users WHERE email = 'ny.medarbejder@tribune.test'")
            .await,
        0
    );
    let (status, body) = admin
        .post_form(
            "/api/client/users/update",
            Some(&json!({ "email": "ny.medarbejder@tribune.test", "firstname": "Nina" })),
            &[],
            vec![("file", "noter.txt", b"ikke et billede".to_vec())],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "file"), "Billede skal være et billede");

    // Created with a role and a picture; without a password she gets a mail to choose one.
    let (status, body) = admin
        .post_form(
            "/api/client/users/update",
            Some(&json!({ "email": "ny.medarbejder@tribune.test", "firstname": "Nina", "lastname": "Ny",
                          "role": "staff", "emailConfirmed": true })),
            &[],
            vec![("file", "nina.png", png())],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["result"].as_str().expect("id").to_string();
    let mail = app.smtp.wait_for("ny.medarbejder@tribune.test").await;
    assert!(mail
        .link("http://127.0.0.1/reset-password?token=")
        .is_some());
    let (_, body) = admin.get_json(&format!("/api/client/users/{id}")).await;
    assert_eq!(body["result"]["role"], json!("staff"));
    assert_eq!(body["result"]["firstname"], json!("Nina"));
    let picture = body["result"]["picture"]
        .as_str()
        .expect("picture")
        .to_string();
    let image = admin.get(&picture).await;
    assert_eq!(image.status(), StatusCode::OK);
    assert_eq!(image.headers()["content-type"], "image/png");
    let (_, list) = admin.get_json("/api/client/users?search=nina").await;
    assert_eq!(list["Total"], json!(1));
    assert_eq!(
        list["Result"][0]["Email"],
        json!("ny.medarbejder@tribune.test")
    );

    // Edited: the e-mail stays, the role changes, and the change is audited.
    let (status, _) = save_client_user(
        &admin,
        json!({ "id": id, "email": "andet@tribune.test", "firstname": "Nina", "lastname": "Nielsen", "role": "admin" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = admin.get_json(&format!("/api/client/users/{id}")).await;
    assert_eq!(
        body["result"]["email"],
        json!("ny.medarbejder@tribune.test")
    );
    assert_eq!(body["result"]["role"], json!("admin"));
    let changes: Value = sqlx::query_scalar(
        "SELECT changes FROM audit_log WHERE entity = 'user' AND entity_id = $1 AND action = 'update'",
    )
    .bind(&id)
    .fetch_one(&app.db.owner)
    .await
    .expect("audit");
    assert_eq!(
        changes["lastname"],
        json!({ "old": "Ny", "new": "Nielsen" })
    );
    assert_eq!(changes["role"], json!({ "old": "staff", "new": "admin" }));

    // An existing user of no staff membership here is invited, and accepts through the mail.
    let handbold = app.admin_in_handbold().await;
    let (_, body) = handbold
        .get_json("/api/client/users/find/staff@tribune.test")
        .await;
    assert_eq!(body["result"]["status"], json!("invite"));
    let (status, body) = save_client_user(
        &handbold,
        json!({ "email": "staff@tribune.test", "firstname": "Ignoreret", "role": "staff" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let staff_id = user_id(&app, "staff@tribune.test").await;
    let handbold_id = app.club_id("Demo Håndbold").await;
    let accepted: bool = sqlx::query_scalar(
        "SELECT accepted FROM memberships WHERE user_id = $1 AND client_id = $2",
    )
    .bind(staff_id)
    .bind(handbold_id)
    .fetch_one(&app.db.owner)
    .await
    .expect("membership");
    assert!(!accepted, "invited, not yet accepted");
    assert_eq!(
        app.count("SELECT count(*) FROM users WHERE firstname = 'Ignoreret'")
            .await,
        0,
        "an invited user's own fields stay theirs"
    );
    let mail = app.smtp.wait_for("staff@tribune.test").await;
    let link = mail
        .link("http://127.0.0.1/accept-invite?token=")
        .expect("invite link");
    let path = link.trim_start_matches("http://127.0.0.1");
    let response = app.browser().open_mail_link(path).await;
    assert_eq!(response.headers()["location"], "/login?invited=1");
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM memberships WHERE user_id = '{staff_id}' AND client_id = '{handbold_id}' AND accepted"
        ))
        .await,
        1
    );
    let (status, body) = save_client_user(
        &handbold,
        json!({ "email": "staff@tribune.test", "firstname": "Søren" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "email"),
        "Brugeren er allerede tilknyttet klubben"
    );

    // Removed from the club: the user still exists.
    let (status, _) = admin.delete(&format!("/api/client/users/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = admin.get_json(&format!("/api/client/users/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let admin_id = user_id(&app, "admin@tribune.test").await;
    let (status, _) = admin.delete(&format!("/api/client/users/{admin_id}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn only_admins_reach_settings_and_only_system_admins_the_admin_group() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let admin = app.signed_in("admin@tribune.test").await;
    let staff_id = user_id(&app, "staff@tribune.test").await;
    for path in [
        "/api/settings",
        "/api/client/users",
        "/api/users",
        "/api/clients",
        "/api/modules",
        "/api/clients/modules",
    ] {
        let (status, _) = staff.get_json(path).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "staff GET {path}");
        let (status, _) = admin.get_json(path).await;
        assert_eq!(status, StatusCode::OK, "admin GET {path}");
    }
    let (status, _) = staff.post_json("/api/jobs", &json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = staff
        .post_json(&format!("/api/users/{staff_id}/impersonate"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = staff
        .post_json(
            "/api/modules/update",
            &json!({ "name": "X", "alias": "x", "icon": "pi pi-x" }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = staff
        .post_form(
            "/api/settings/update",
            Some(&json!({ "name": "Overtaget" })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // A club's own admin manages the club's settings and users, not the admin group.
    sqlx::query("UPDATE memberships SET role = 'admin' WHERE user_id = $1")
        .bind(staff_id)
        .execute(&app.db.owner)
        .await
        .expect("promote");
    let (status, _) = staff.get_json("/api/client/users").await;
    assert_eq!(status, StatusCode::OK);
    for path in ["/api/users", "/api/clients", "/api/modules"] {
        let (status, _) = staff.get_json(path).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "club admin GET {path}");
    }
    // … nor another club's settings, nor a System Admin's account.
    let handbold = app.club_id("Demo Håndbold").await;
    let (status, _) = staff
        .get_json(&format!("/api/settings?clientId={handbold}"))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let admin_id = user_id(&app, "admin@tribune.test").await;
    let (status, _) = save_client_user(
        &staff,
        json!({ "id": admin_id, "firstname": "Hacket", "password": "nyt-kodeord-123" }),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn an_admin_manages_system_users_and_their_memberships() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let fc = app.club_id("Demo FC").await;
    let handbold = app.club_id("Demo Håndbold").await;

    let (_, list) = admin
        .get_json("/api/users?search=tribune.test&perPage=10")
        .await;
    assert_eq!(list["Total"], json!(3));
    assert_eq!(
        list["Result"][0]["Firstname"],
        json!("Ada"),
        "sorted by name"
    );

    let (status, body) = admin
        .post_form(
            "/api/users/update",
            Some(&json!({ "email": "bo@tribune.test", "firstname": "Bo", "password": "hemmelig-kode",
                          "emailConfirmed": true,
                          "clients": [{ "clientId": fc, "role": "direktør", "accepted": true, "systemUser": true }] })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        first_error(&body, "clients.0.role"),
        "Rollen findes ikke i klubben"
    );

    let (status, body) = admin
        .post_form(
            "/api/users/update",
            Some(&json!({ "email": "bo@tribune.test", "firstname": "Bo", "password": "hemmelig-kode",
                          "emailConfirmed": true, "superAdmin": false,
                          "clients": [{ "clientId": fc, "role": "staff", "accepted": true, "systemUser": true },
                                      { "clientId": handbold, "role": null, "accepted": true, "systemUser": true }] })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["result"].as_str().expect("id").to_string();
    let (_, body) = admin.get_json(&format!("/api/users/{id}")).await;
    let clients = body["result"]["clients"].as_array().expect("clients");
    assert_eq!(clients.len(), 2);
    assert_eq!(clients[0]["clientName"], json!("Demo FC"));
    assert_eq!(clients[0]["role"], json!("staff"));
    assert_eq!(clients[1]["role"], Value::Null);
    assert!(clients[0]["roles"].as_array().is_some_and(|r| r.len() == 3));

    // Bo can log in and works in Demo FC.
    let bo = app.browser();
    assert_eq!(
        bo.login("bo@tribune.test", "hemmelig-kode").await.status(),
        StatusCode::OK
    );
    let (status, _) = bo.post_json("/api/companies", &json!({})).await;
    assert_eq!(status, StatusCode::OK);

    // One membership removed, System Admin given.
    let (status, _) = admin
        .post_form(
            "/api/users/update",
            Some(&json!({ "id": id, "firstname": "Bo", "superAdmin": true,
                          "clients": [{ "clientId": handbold, "role": "admin", "accepted": true, "systemUser": true }] })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = admin.get_json(&format!("/api/users/{id}")).await;
    assert_eq!(body["result"]["superAdmin"], json!(true));
    assert_eq!(body["result"]["clients"].as_array().map(Vec::len), Some(1));

    let (status, _) = admin.delete(&format!("/api/users/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = admin.get_json(&format!("/api/users/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let admin_id = user_id(&app, "admin@tribune.test").await;
    let (status, _) = admin.delete(&format!("/api/users/{admin_id}")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn an_admin_impersonates_a_user_and_every_action_records_both_then_returns() {
    let app = spawn_app().await;
    let admin = app.signed_in("admin@tribune.test").await;
    let staff_id = user_id(&app, "staff@tribune.test").await;
    let admin_id = user_id(&app, "admin@tribune.test").await;

    let (status, _) = admin
        .post_json(&format!("/api/users/{admin_id}/impersonate"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "not as oneself");
    let (status, _) = admin
        .post_json(&format!("/api/users/{staff_id}/impersonate"), &json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);

    let (_, body) = admin.get_json("/api/user").await;
    assert_eq!(body["result"]["email"], json!("staff@tribune.test"));
    assert_eq!(body["result"]["impersonator"]["name"], json!("Ada Admin"));
    assert_eq!(body["result"]["admin"], json!(false));
    // As the user, the admin has the user's rights only.
    let (status, _) = admin.get_json("/api/users").await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // What is done now records both people.
    let (status, _) = admin
        .post_form(
            "/api/profile/update",
            Some(&json!({ "firstname": "Søren", "lastname": "Sælgersen" })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (who, by): (Uuid, Option<Uuid>) =
        sqlx::query_as("SELECT user_id, impersonator_id FROM audit_log WHERE action = 'profile'")
            .fetch_one(&app.db.owner)
            .await
            .expect("audit");
    assert_eq!((who, by), (staff_id, Some(admin_id)));

    // And back (a POST: it changes the session).
    let response = admin.post("/api/users/return", &json!({})).await;
    assert_eq!(response.status(), StatusCode::FOUND);
    assert_eq!(response.headers()["location"], "/settings/admin-users");
    let (_, body) = admin.get_json("/api/user").await;
    assert_eq!(body["result"]["email"], json!("admin@tribune.test"));
    assert_eq!(body["result"]["impersonator"], Value::Null);
    let (status, _) = admin.get_json("/api/users").await;
    assert_eq!(status, StatusCode::OK);
    // Without impersonation there is nothing to return from.
    assert_eq!(
        admin.post("/api/users/return", &json!({})).await.status(),
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn the_staff_profile_is_saved_with_its_rules_and_the_email_stays() {
    let app = spawn_app().await;
    let staff = app.signed_in("staff@tribune.test").await;
    let (status, body) = staff.get_json("/api/profile").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["result"]["firstname"], json!("Søren"));
    let (status, body) = staff
        .post_form(
            "/api/profile/update",
            Some(&json!({ "firstname": "", "password": "kort" })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "firstname"), "Fornavn skal udfyldes");
    assert_eq!(
        first_error(&body, "password"),
        "Adgangskode skal mindst være 8 tegn"
    );
    let (status, _) = staff
        .post_form(
            "/api/profile/update",
            Some(&json!({ "firstname": "Søren", "lastname": "Sælger", "email": "ny@tribune.test", "title": "Salgschef",
                          "phone": "12345678", "signature": "<p>Venlig hilsen</p>", "password": "nyt-kodeord-1" })),
            &[],
            vec![("file", "mig.png", png())],
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, body) = staff.get_json("/api/profile").await;
    assert_eq!(body["result"]["email"], json!("staff@tribune.test"));
    assert_eq!(body["result"]["title"], json!("Salgschef"));
    assert!(body["result"]["picture"].as_str().is_some());
    // The new password works; this session lives on.
    assert_eq!(staff.get("/api/user").await.status(), StatusCode::OK);
    let again = app.browser();
    assert_eq!(
        again
            .login("staff@tribune.test", "nyt-kodeord-1")
            .await
            .status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_customer_reads_and_saves_their_own_profile_but_not_its_email() {
    let app = spawn_app().await;
    let customer = app.signed_in("kunde@tribune.test").await;
    let (status, body) = customer.get_json("/api/profile").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["result"]["email"], json!("kunde@tribune.test"));
    let (status, body) = customer
        .post_form(
            "/api/profile/update",
            Some(&json!({ "firstname": "" })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(first_error(&body, "firstname"), "Fornavn skal udfyldes");
    let (status, body) = customer
        .post_form(
            "/api/profile/update",
            Some(&json!({ "firstname": "Karla", "lastname": "Kunde", "email": "andet@tribune.test", "phone": "87654321" })),
            &[],
            vec![],
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, body) = customer.get_json("/api/profile").await;
    assert_eq!(body["result"]["firstname"], json!("Karla"));
    assert_eq!(body["result"]["phone"], json!("87654321"));
    assert_eq!(body["result"]["email"], json!("kunde@tribune.test"));
    assert_eq!(
        app.browser().get("/api/profile").await.status(),
        StatusCode::UNAUTHORIZED
    );
}

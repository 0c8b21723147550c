//! One schema per form (issue 29): the server parses the address, profile and registration
//! requests with `core`'s form declarations (`shop_core::forms`), the ones the web form checks
//! with through WASM. Every bad input (too long, empty, white space only, markup, Latin and
//! Persian digits) gets a 422 naming the field with a Persian message, and that answer is the
//! first problem `core`'s form gives for the same values: one declaration, one answer. On both
//! databases.

use serde_json::{json, Value};
use shop_core::forms::{problems, Values};

use crate::checkout_support::{address_body, ADDR_ADD, ADDR_LIST};
use crate::helpers::{mobile, on_both_dbs, spawn_app, TestApp, TestDb};

on_both_dbs!(
    the_address_form_answers_as_cores_declaration,
    a_receivers_name_needs_three_letters_on_the_server_too,
    the_profile_form_answers_as_cores_declaration,
    the_registration_form_answers_as_cores_declaration,
    a_registration_without_a_province_is_refused,
    the_otp_request_says_which_code_it_asks_for,
    the_staff_member_form_answers_as_cores_declaration,
    the_content_forms_answer_as_cores_declaration,
    the_discount_form_answers_as_cores_declaration,
    the_delivery_option_form_answers_as_cores_declaration,
);

const EDIT: &str = "/api/client/v1/account/edit";
const OTP: &str = "/api/client/v1/user/otp";
const REGISTER: &str = "/api/client/v1/user/register";

/// `body`'s string fields as the form's values.
fn values(body: &Value) -> Values {
    let pairs: Vec<(&str, &str)> =
        body.as_object().unwrap().iter().filter_map(|(k, v)| Some((k.as_str(), v.as_str()?))).collect();
    Values::from_pairs(pairs)
}

/// `core`'s first problem for `body` in form `form`: `(field, message)`.
fn cores_answer(form: &str, body: &Value) -> Option<(String, String)> {
    problems(form, &values(body)).unwrap().0.into_iter().next()
}

/// Sends each bad body: a 422 naming `field` with `message`, exactly `core`'s first problem.
async fn refused_as_core_says(s: &TestApp, path: &str, token: &str, form: &str, cases: Vec<(Value, &str, &str)>) {
    for (body, field, message) in cases {
        let r = s.post_auth(path, token, body.clone()).await;
        r.assert_error(422);
        let got = (r.body["field"].as_str().unwrap_or_default().to_owned(), r.s("message"));
        assert_eq!(got, (field.to_owned(), message.to_owned()), "{body}");
        assert_eq!(Some(got), cores_answer(form, &body), "the server and core's form disagree on {body}");
    }
}

fn with(mut body: Value, key: &str, value: &str) -> Value {
    body[key] = json!(value);
    body
}

async fn the_address_form_answers_as_cores_declaration(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let good = address_body("تهران", "تهران");
    let cases = vec![
        (with(good.clone(), "name", &"ب".repeat(101)), "name", "نام گیرنده باید حداکثر ۱۰۰ کاراکتر باشد"),
        (with(good.clone(), "name", ""), "name", "لطفا نام گیرنده را وارد کنید"),
        (with(good.clone(), "name", " \u{200f}\t "), "name", "لطفا نام گیرنده را وارد کنید"),
        (with(good.clone(), "mobile", "۰۹۱۲"), "mobile", "شماره موبایل وارد شده معتبر نیست!"),
        (with(good.clone(), "mobile", "   "), "mobile", "لطفا شماره موبایل گیرنده را وارد کنید"),
        (with(good.clone(), "address", &"خ".repeat(501)), "address", "نشانی باید حداکثر ۵۰۰ کاراکتر باشد"),
        (with(good.clone(), "address", "<b></b>"), "address", "نشانی باید حداقل ۱۰ کاراکتر باشد"),
        (with(good.clone(), "postalcode", "12345abcde"), "postalcode", "کد پستی باید ۱۰ رقم باشد"),
        (with(good.clone(), "postalcode", "۱۲۳۴۵۶۷۸۹"), "postalcode", "کد پستی باید ۱۰ رقم باشد"),
        (with(good.clone(), "plaque", &"۱".repeat(21)), "plaque", "پلاک باید حداکثر ۲۰ کاراکتر باشد"),
        (with(good.clone(), "unit", &"u".repeat(21)), "unit", "واحد باید حداکثر ۲۰ کاراکتر باشد"),
        (with(good.clone(), "city", "شیراز"), "city", "لطفا شهر را انتخاب کنید"),
    ];
    refused_as_core_says(&s, ADDR_ADD, &c.token, "address", cases).await;
    assert_eq!(s.post_auth(ADDR_LIST, &c.token, json!({})).await.body["data"], json!([]), "nothing was stored");
    // Latin and Persian digits, markup as text: accepted, stored in one form.
    let body = with(with(with(good.clone(), "mobile", "09123456789"), "postalcode", "۱۲۳۴۵-۶۷۸۹۰"), "name", "<i>مریم</i>");
    let r = s.post_auth(ADDR_ADD, &c.token, body.clone()).await;
    assert_eq!(r.status, 200, "{}", r.text);
    assert_eq!(cores_answer("address", &body), None);
    let row = &r.body["data"][0];
    assert_eq!((row["Name"].as_str(), row["Mobile"].as_str(), row["PostalCode"].as_str()), (Some("<i>مریم</i>"), Some("09123456789"), Some("1234567890")));
    s.stop().await;
}

/// The web form asked for 3 letters, the server took one: now both refuse 1 and 2 letters.
async fn a_receivers_name_needs_three_letters_on_the_server_too(db: TestDb) {
    let s = spawn_app(db).await;
    let c = s.user(&mobile(), "تهران").await;
    let cases = vec![
        (with(address_body("تهران", "تهران"), "name", "ع"), "name", "نام گیرنده باید حداقل ۳ کاراکتر باشد"),
        (with(address_body("تهران", "تهران"), "name", " عل "), "name", "نام گیرنده باید حداقل ۳ کاراکتر باشد"),
    ];
    refused_as_core_says(&s, ADDR_ADD, &c.token, "address", cases).await;
    let r = s.post_auth(ADDR_ADD, &c.token, with(address_body("تهران", "تهران"), "name", "علی")).await;
    assert_eq!(r.status, 200, "{}", r.text);
    s.stop().await;
}

fn profile() -> Value {
    json!({
        "name": "مریم", "lastname": "احمدی", "email": "maryam@example.com",
        "state": "فارس", "city": "شیراز", "phone": "07112345678",
        "address1": "خیابان زند، کوچه ۵", "postalCode1": "7134567890"
    })
}

async fn the_profile_form_answers_as_cores_declaration(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    let token = s.register(&m, "Abc@1234").await.s("token");
    let cases = vec![
        (with(profile(), "name", &"ن".repeat(101)), "name", "نام باید حداکثر ۱۰۰ کاراکتر باشد"),
        (with(profile(), "lastname", "\u{200c} \n"), "lastname", "لطفا نام خانوادگی را وارد کنید"),
        (with(profile(), "email", &format!("{}@example.com", "a".repeat(200))), "email", "ایمیل باید حداکثر ۲۰۰ کاراکتر باشد"),
        (with(profile(), "email", "<a@b>"), "email", "ایمیل وارد شده معتبر نیست!"),
        (with(profile(), "phone", &"۱".repeat(21)), "phone", "تلفن ثابت باید حداکثر ۲۰ کاراکتر باشد"),
        (with(profile(), "phone", "<b>1</b>"), "phone", "تلفن ثابت باید مقدار عددی باشد"),
        (with(profile(), "address1", &"ن".repeat(501)), "address1", "نشانی باید حداکثر ۵۰۰ کاراکتر باشد"),
        (with(profile(), "postalCode1", "۷۱۳۴۵"), "postalCode1", "کد پستی باید ۱۰ رقم باشد"),
    ];
    refused_as_core_says(&s, EDIT, &token, "profile", cases).await;
    // Persian digits are stored as Latin ones; markup is text.
    let body = with(with(with(profile(), "phone", "۰۷۱۱۲۳۴۵۶۷۸"), "postalCode1", "۷۱۳۴۵ ۶۷۸۹۰"), "name", "<b>مریم</b>");
    let r = s.post_auth(EDIT, &token, body).await;
    assert_eq!(r.status, 200, "{}", r.text);
    let u = &r.body["user"];
    assert_eq!((u["Phone"].as_str(), u["PostalCode1"].as_str(), u["Name"].as_str()), (Some("07112345678"), Some("7134567890"), Some("<b>مریم</b>")));
    s.stop().await;
}

/// A verified registration code's `mcode` for a fresh number.
async fn mcode(s: &TestApp, m: &str) -> String {
    let r = s.post(OTP, json!({ "mobile": m, "type": "register" })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    let code = s.last_code(m).await.expect("code sent");
    let r = s.post(REGISTER, json!({ "mobile": m, "code": code, "hash": r.s("data") })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    r.s("mcode")
}

fn registration(m: &str, mcode: &str) -> Value {
    json!({
        "name": "علی", "lastname": "رضایی", "password": "Abc@1234", "mobile": m,
        "email": "ali@example.com", "city": "تهران", "state": "تهران",
        "address1": "خیابان آزادی", "postalCode1": "1234567890", "phone": "02112345678",
        "info": "", "device": "web", "mcode": mcode
    })
}

async fn the_registration_form_answers_as_cores_declaration(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    let mc = mcode(&s, &m).await;
    let good = registration(&m, &mc);
    let cases = vec![
        (with(good.clone(), "name", &"ع".repeat(101)), "name", "نام باید حداکثر ۱۰۰ کاراکتر باشد"),
        (with(good.clone(), "lastname", "   "), "lastname", "لطفا نام خانوادگی را وارد کنید"),
        (with(good.clone(), "password", ""), "password", "لطفا گذرواژه را وارد کنید"),
        (with(good.clone(), "info", &"ت".repeat(2001)), "info", "توضیحات باید حداکثر ۲۰۰۰ کاراکتر باشد"),
        (with(good.clone(), "postalCode1", "<b>"), "postalCode1", "کد پستی باید ۱۰ رقم باشد"),
        (with(good.clone(), "phone", &"2".repeat(21)), "phone", "تلفن باید حداکثر ۲۰ کاراکتر باشد"),
    ];
    for (body, field, message) in cases {
        let r = s.post(REGISTER, body.clone()).await;
        r.assert_error(422);
        let got = (r.body["field"].as_str().unwrap_or_default().to_owned(), r.s("message"));
        assert_eq!(got, (field.to_owned(), message.to_owned()), "{body}");
        let mut as_form = body.clone();
        as_form["passwordConfirmation"] = body["password"].clone();
        assert_eq!(Some(got), cores_answer("registration", &as_form), "{body}");
    }
    // The refused payloads did not spend the mcode: Persian digits and markup go through.
    let body = with(with(with(good, "postalCode1", "۱۲۳۴۵۶۷۸۹۰"), "phone", "۰۲۱۱۲۳۴۵۶۷۸"), "name", "<b>علی</b>");
    let r = s.post(REGISTER, body).await;
    assert_eq!(r.s("data"), "ok", "{}", r.text);
    let u = &r.body["user"];
    assert_eq!((u["PostalCode1"].as_str(), u["Phone"].as_str(), u["Name"].as_str()), (Some("1234567890"), Some("02112345678"), Some("<b>علی</b>")));
    s.stop().await;
}

/// The web form asked for a province and a city; the server never did.
async fn a_registration_without_a_province_is_refused(db: TestDb) {
    let s = spawn_app(db).await;
    let m = mobile();
    let mc = mcode(&s, &m).await;
    let r = s.post(REGISTER, with(with(registration(&m, &mc), "state", ""), "city", "")).await;
    r.assert_error(422);
    assert_eq!((r.body["field"].as_str(), r.s("message")), (Some("state"), "لطفا استان را انتخاب کنید".to_owned()));
    let r = s.post(REGISTER, with(registration(&m, &mc), "city", "شیراز")).await;
    r.assert_error(422);
    assert_eq!((r.body["field"].as_str(), r.s("message")), (Some("city"), "لطفا شهر را انتخاب کنید".to_owned()));
    s.stop().await;
}

/// `type` says which code a request asks for; a captcha field does not turn a registration
/// into a login, and the spec's bodies without `type` keep their meaning.
async fn the_otp_request_says_which_code_it_asks_for(db: TestDb) {
    let s = spawn_app(db).await;
    // A registration with a captcha token (the shop may ask for one) is still a registration.
    let fresh = mobile();
    let r = s.post(OTP, json!({ "mobile": fresh, "type": "register", "g-recaptcha-response": "t" })).await;
    assert_eq!(r.s("status"), "ok", "{}", r.text);
    // A login for an unknown number is a login (`not`), with or without the captcha field.
    for body in [json!({ "mobile": mobile(), "type": "login" }), json!({ "mobile": mobile(), "type": "login", "g-recaptcha-response": "t" })] {
        let r = s.post(OTP, body.clone()).await;
        assert_eq!(r.s("status"), "not", "{body}: {}", r.text);
    }
    // The spec's wire format: `{mobile, g-recaptcha-response}` a login, `{mobile}` a registration.
    assert_eq!(s.post(OTP, json!({ "mobile": mobile(), "g-recaptcha-response": "t" })).await.s("status"), "not");
    assert_eq!(s.post(OTP, json!({ "mobile": mobile() })).await.s("status"), "ok");
    // Anything else in `type` is named.
    let r = s.post(OTP, json!({ "mobile": mobile(), "type": "admin" })).await;
    r.assert_error(422);
    assert_eq!(r.body["field"], "type");
    s.stop().await;
}

async fn the_staff_member_form_answers_as_cores_declaration(db: TestDb) {
    let s = spawn_app(db).await;
    let admin = s.staff(&mobile()).await;
    let cases = [
        (json!({ "mobile": "", "roles": ["orders"] }), "mobile", "لطفا شماره موبایل را وارد کنید"),
        (json!({ "mobile": "۰۹۱۲", "roles": ["orders"] }), "mobile", "شماره موبایل وارد شده معتبر نیست!"),
        (json!({ "mobile": mobile(), "roles": [] }), "roles", "دست‌کم یک نقش را انتخاب کنید."),
        (json!({ "mobile": mobile(), "roles": ["orders", "<b>admin</b>"] }), "roles", "نقش انتخاب‌شده معتبر نیست."),
        (json!({ "mobile": mobile(), "roles": ["r".repeat(101)] }), "roles", "نقش باید حداکثر ۱۰۰ کاراکتر باشد"),
    ];
    for (body, field, message) in cases {
        let r = s.post_auth("/api/admin/v1/staff/save", &admin.token, body.clone()).await;
        r.assert_error(422);
        let got = (r.body["field"].as_str().unwrap_or_default().to_owned(), r.s("message"));
        assert_eq!(got, (field.to_owned(), message.to_owned()), "{body}");
        // The web form sends the checked roles joined by commas.
        let roles: Vec<&str> = body["roles"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
        let v = Values::from_pairs([("mobile", body["mobile"].as_str().unwrap()), ("roles", &shop_core::forms::staff_member::join_roles(&roles))]);
        assert_eq!(Some(got), problems("staff_member", &v).unwrap().0.into_iter().next(), "{body}");
    }
}

async fn the_content_forms_answer_as_cores_declaration(db: TestDb) {
    let s = spawn_app(db).await;
    let staff = s.staff_with(&mobile(), &["catalogue"]).await;
    let post = json!({ "slug": "battery", "title": "باتری", "summary": "", "body": "متن", "author": "" });
    let cases = vec![
        (with(post.clone(), "slug", ""), "slug", "لطفا نشانی را وارد کنید"),
        (with(post.clone(), "slug", "باتری"), "slug", "نشانی مطلب فقط حروف کوچک انگلیسی، رقم و خط تیره است"),
        (with(post.clone(), "slug", &"a".repeat(121)), "slug", "نشانی باید حداکثر ۱۲۰ کاراکتر باشد"),
        (with(post.clone(), "title", " \u{200f} "), "title", "لطفا عنوان را وارد کنید"),
        (with(post.clone(), "summary", &"خ".repeat(501)), "summary", "خلاصه باید حداکثر ۵۰۰ کاراکتر باشد"),
        (with(post.clone(), "body", &"م".repeat(100_001)), "body", "متن باید حداکثر ۱۰۰۰۰۰ کاراکتر باشد"),
        (with(post.clone(), "author", &"ن".repeat(101)), "author", "نویسنده باید حداکثر ۱۰۰ کاراکتر باشد"),
    ];
    refused_as_core_says(&s, "/api/admin/v1/content/blog/save", &staff.token, "blog_post", cases).await;
    let page = json!({ "name": "about", "version": 1, "title": "درباره ما", "body": "متن" });
    let cases = vec![
        (with(page.clone(), "title", &"ع".repeat(201)), "title", "عنوان باید حداکثر ۲۰۰ کاراکتر باشد"),
        (with(page.clone(), "body", "\u{0} "), "body", "لطفا متن را وارد کنید"),
    ];
    refused_as_core_says(&s, "/api/admin/v1/content/page/save", &staff.token, "page", cases).await;
    let faq = json!({ "question": "ارسال؟", "answer": "دو روز" });
    let cases = vec![
        (with(faq.clone(), "question", ""), "question", "لطفا پرسش را وارد کنید"),
        (with(faq.clone(), "answer", &"پ".repeat(5_001)), "answer", "پاسخ باید حداکثر ۵۰۰۰ کاراکتر باشد"),
    ];
    refused_as_core_says(&s, "/api/admin/v1/content/faq/save", &staff.token, "faq", cases).await;
    // The position is a JSON number: core reads it as the form's text.
    for position in [-1, 10_001] {
        let r = s.post_auth("/api/admin/v1/content/faq/save", &staff.token, json!({ "question": "؟", "answer": "پ", "position": position })).await;
        let p = position.to_string();
        let core = problems("faq", &Values::from_pairs([("question", "؟"), ("answer", "پ"), ("position", p.as_str())])).unwrap();
        assert_eq!(r.assert_error(422).body["message"].as_str(), core.get("position"));
    }
}

/// The staff's discount form: the JSON numbers are the form's text.
async fn the_discount_form_answers_as_cores_declaration(db: TestDb) {
    let s = spawn_app(db).await;
    let staff = s.staff_with(&mobile(), &["catalogue"]).await;
    let good = json!({ "code": "FORM-1", "kind": "percent", "value": 10, "ends_day": "۱۵۰۰/۰۱/۰۱", "description": "" });
    let cases = vec![
        (with(good.clone(), "code", "ک"), "code", "کد تخفیف وارد شده معتبر نیست"),
        (with(good.clone(), "code", ""), "code", "لطفا کد تخفیف را وارد کنید"),
        (with(good.clone(), "ends_day", "۱۴۰۵/۱۳/۴۰"), "ends_day", "تاریخ وارد شده معتبر نیست!"),
        (with(good.clone(), "description", &"<b>".repeat(101)), "description", "توضیح باید حداکثر ۳۰۰ کاراکتر باشد"),
        ({ let mut b = good.clone(); b["value"] = json!(101); b }, "value", "درصد تخفیف باید عددی بین ۰ و ۱۰۰ باشد"),
    ];
    staff_refused_as_core_says(&s, "/api/admin/v1/discount/save", &staff.token, "discount", cases).await;
}

/// A staff JSON body as the form's text: numbers as written, a list one item a line.
fn staff_values(body: &Value) -> Values {
    let text = |v: &Value| match v {
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(|i| i.as_str().unwrap_or_default()).collect::<Vec<_>>().join("\n"),
        other => other.to_string(),
    };
    let pairs: Vec<(String, String)> = body.as_object().unwrap().iter().map(|(k, v)| (k.clone(), text(v))).collect();
    Values::from_pairs(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
}

/// [`refused_as_core_says`] for a staff form whose JSON has numbers and lists.
async fn staff_refused_as_core_says(s: &TestApp, path: &str, token: &str, form: &str, cases: Vec<(Value, &str, &str)>) {
    for (body, field, message) in cases {
        let r = s.post_auth(path, token, body.clone()).await;
        r.assert_error(422);
        let got = (r.body["field"].as_str().unwrap_or_default().to_owned(), r.s("message"));
        assert_eq!(got, (field.to_owned(), message.to_owned()), "{body}");
        assert_eq!(Some(got), problems(form, &staff_values(&body)).unwrap().0.into_iter().next(), "the server and core's form disagree on {body}");
    }
}

/// The staff's delivery option form: the city list one a line.
async fn the_delivery_option_form_answers_as_cores_declaration(db: TestDb) {
    let s = spawn_app(db).await;
    let staff = s.staff_with(&mobile(), &["catalogue"]).await;
    let good = json!({ "name": "پیک", "price": 50000, "priority": 1, "cities": ["تهران"], "estimate": "" });
    let set = |k: &str, v: Value| {
        let mut b = good.clone();
        b[k] = v;
        b
    };
    let cases = vec![
        (set("name", json!(" ")), "name", "لطفا نام روش ارسال را وارد کنید"),
        (set("estimate", json!("ر".repeat(101))), "estimate", "زمان تحویل باید حداکثر ۱۰۰ کاراکتر باشد"),
        (set("price", json!(-1)), "price", "هزینهٔ ارسال نمی‌تواند منفی باشد"),
        (set("priority", json!(1001)), "priority", "اولویت باید عددی از ۰ تا ۱۰۰۰ باشد"),
        (set("cities", json!([])), "cities", "دست‌کم یک شهر یا «همه» را انتخاب کنید"),
        (set("cities", json!(["همه", "کرج"])), "cities", "«همه» با شهرهای دیگر انتخاب نمی‌شود"),
        (set("cities", json!(["<b>"])), "cities", "شهر «<b>» در فهرست شهرها نیست"),
    ];
    staff_refused_as_core_says(&s, "/api/admin/v1/delivery/save", &staff.token, "delivery_option", cases).await;
}

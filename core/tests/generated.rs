//! The TypeScript the web app compiles against is generated from the core's function table;
//! this fails when the committed file is stale. `UPDATE_GENERATED=1` rewrites it.

use std::path::Path;

#[test]
fn typescript_functions_file_is_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/shared/core/functions.generated.ts");
    let want = shop_core::dispatch::typescript();
    if std::env::var_os("UPDATE_GENERATED").is_some() {
        std::fs::write(&path, &want).expect("writable generated file");
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} is stale: run `UPDATE_GENERATED=1 cargo test -p shop-core --test generated` and commit it",
        path.display()
    );
}

//! `shop seed --demo [--products N]`: a small, realistic Persian demo shop.
//!
//! Loads about a dozen laptops (new, used «استوک», open-box, tablet-laptops) with colour and
//! warranty variants, delivery options with varied priorities and city lists, the links between
//! them, and one demo customer (mobile 09120000000, password `Shop@1234`, city تهران).
//! Idempotent: running it again adds only what is missing (matched by product `uid`, delivery
//! option name and the customer's mobile), so it never duplicates data. The repairs reach a
//! database loaded by an earlier version: every demo product is linked to the demo delivery
//! options it lacks ([`link_delivery`]), and a demo option still holding an old demo priority
//! or no estimate gets the current one ([`PRIORITY_FIXES`]); a variant of a demo warranty
//! without a note gets the demo note ([`WARRANTY_NOTES`]); nothing else is overwritten.
//! `products: Some(n)` loads n products instead (the demo ones first, then generated copies
//! with their own uids), for load tests.

pub mod catalog;
pub mod content;
pub mod discounts;
pub mod plans;
pub mod slots;

use std::collections::HashMap;

use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr,
    EntityTrait, QueryFilter,
};

use crate::catalog::{product, variant};
use crate::delivery::entity::{delivery_option, product_delivery};

/// The demo customer's mobile number.
pub const DEMO_MOBILE: &str = "09120000000";
/// The demo customer's password.
pub const DEMO_PASSWORD: &str = "Shop@1234";
/// The demo customer's name.
pub const DEMO_NAME: &str = "کاربر نمونه";
/// The demo customer's city.
pub const DEMO_CITY: &str = "تهران";

/// What one run of [`demo`] added.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SeedReport {
    pub products: usize,
    pub variants: usize,
    pub delivery_options: usize,
    pub links: usize,
    pub customer: bool,
}

struct DemoVariant {
    color: &'static str,
    warranty: &'static str,
    warranty_price: i64,
    price: i64,
    stock: i64,
    ins: bool,
    property: &'static str,
}

struct DemoProduct {
    uid: &'static str,
    name: &'static str,
    brand: &'static str,
    line: &'static str,
    condition: &'static str,
    description: &'static str,
    variants: &'static [DemoVariant],
}

struct DemoDelivery {
    name: &'static str,
    description: &'static str,
    price: i64,
    priority: i64,
    cities: &'static [&'static str],
    /// How long it takes, in Persian (shown beside the price where the option is chosen).
    estimate: &'static str,
}

const COURIER_TEHRAN: &str = "پیک فوری همان‌روز (تهران)";
const POST: &str = "پست پیشتاز";
const TIPAX: &str = "تیپاکس";
const COURIER_ISFAHAN: &str = "پیک اصفهان";
const PICKUP: &str = "تحویل حضوری از فروشگاه";
const FREIGHT: &str = "باربری (موقتاً غیرفعال)";
const FREE_EAST: &str = "ارسال رایگان مشهد و شیراز";

/// The demo's delivery options. No option has priority 0: in the spec's rule (section 5) the
/// lowest priority 0 is offered *alone*, which a real shop wants only for an option that must
/// replace every other one. The city couriers come first (1), then post (2), Tipax (3) and the
/// free pickup (4): Tehran is offered courier, post, Tipax and pickup; Isfahan its courier,
/// post and Tipax; Mashhad and Shiraz post, the free eastern route and Tipax; elsewhere post
/// and Tipax.
const DELIVERY: &[DemoDelivery] = &[
    DemoDelivery {
        name: COURIER_TEHRAN,
        description: "ارسال با پیک موتوری در همان روز برای سفارش‌های ثبت‌شده تا ساعت ۱۴",
        price: 150_000,
        priority: 1,
        cities: &["تهران"],
        estimate: "همان روز (سفارش تا ساعت ۱۴)",
    },
    DemoDelivery {
        name: POST,
        description: "ارسال با پست پیشتاز به سراسر کشور در ۲ تا ۴ روز کاری",
        price: 120_000,
        priority: 2,
        cities: &["همه"],
        estimate: "۲ تا ۴ روز کاری",
    },
    DemoDelivery {
        name: TIPAX,
        description: "ارسال با تیپاکس به سراسر کشور با بیمهٔ کامل کالا",
        price: 180_000,
        priority: 3,
        cities: &["همه"],
        estimate: "۱ تا ۳ روز کاری",
    },
    DemoDelivery {
        name: COURIER_ISFAHAN,
        description: "پیک شهری اصفهان، تحویل در ۲۴ ساعت",
        price: 100_000,
        priority: 1,
        cities: &["اصفهان"],
        estimate: "تا ۲۴ ساعت",
    },
    DemoDelivery {
        name: PICKUP,
        // Rewritten from the shop settings ([`SHOP`]) by the loader.
        description: "تحویل حضوری از فروشگاه",
        price: 0,
        priority: 4,
        cities: &["تهران"],
        estimate: "آماده تحویل از روز کاری بعد",
    },
    DemoDelivery {
        name: FREIGHT,
        description: "ارسال با باربری برای سفارش‌های عمده؛ فعلاً برای هیچ شهری فعال نیست",
        price: 250_000,
        priority: 5,
        cities: &[],
        estimate: "۵ تا ۷ روز کاری",
    },
    DemoDelivery {
        name: FREE_EAST,
        description: "ارسال رایگان برای مشتریان مشهد و شیراز",
        price: 0,
        priority: 2,
        cities: &["مشهد", "شیراز"],
        estimate: "۳ تا ۵ روز کاری",
    },
];

/// The demo shop's details (`shop_settings`): the contact page, the pickup option's
/// description and the Organization JSON-LD read them.
pub fn demo_shop_settings() -> crate::shop_settings::service::ShopSettingsInput {
    crate::shop_settings::service::ShopSettingsInput {
        name: "لپ‌تاپ‌شاپ".into(),
        phone: "۰۲۱-۶۶۷۱۲۳۴۵".into(),
        email: "support@laptopshop.ir".into(),
        city: "تهران".into(),
        address: "خیابان حافظ، پاساژ علاءالدین، طبقه دوم، واحد ۲۱۴".into(),
        postal_code: "۱۱۳۱۶۳۴۵۶۷".into(),
        opening_hours: "شنبه تا پنجشنبه، ساعت ۱۰ تا ۲۰".into(),
    }
}

/// Fills the shop settings with [`demo_shop_settings`] when the shop has not named itself yet
/// (a record the shop filled is kept), marks the demo pickup option as the pickup and writes
/// its description from the record.
async fn seed_shop_settings<C: ConnectionTrait>(db: &C) -> Result<(), DbErr> {
    use crate::shop_settings::{entity::shop_settings, service};
    let mut current = service::get(db).await?;
    if current.name.trim().is_empty() {
        let d = demo_shop_settings();
        current = shop_settings::Model {
            id: service::ID,
            name: d.name,
            phone: d.phone,
            email: d.email,
            city: d.city,
            address: d.address,
            postal_code: d.postal_code,
            opening_hours: d.opening_hours,
            updated_at: chrono::Utc::now().timestamp(),
        };
        let row = shop_settings::ActiveModel::from(current.clone()).reset_all();
        if shop_settings::Entity::find_by_id(service::ID).one(db).await?.is_some() {
            row.update(db).await?;
        } else {
            row.insert(db).await?;
        }
    }
    delivery_option::Entity::update_many()
        .col_expr(delivery_option::Column::Pickup, sea_orm::sea_query::Expr::value(true))
        .filter(delivery_option::Column::Name.eq(PICKUP))
        .exec(db)
        .await?;
    service::write_pickup_descriptions(db, &current).await
}

/// Priorities earlier versions of the demo loaded, and what they become when the loader runs
/// on such a database: `(option name, old priority, new priority)`. Only a row still holding
/// the old demo value is changed (a priority the shop set itself is kept).
const PRIORITY_FIXES: &[(&str, i64, i64)] = &[(COURIER_TEHRAN, 0, 1)];

/// What each demo warranty covers, in one line (`product_variant.warranty_note`, shown under
/// the warranty's name on the product page).
const WARRANTY_NOTES: &[(&str, &str)] = &[
    ("بدون گارانتی", "بدون خدمات پس از فروش؛ فقط سلامت کالا هنگام تحویل تضمین می‌شود"),
    ("گارانتی ۳ ماهه فروشگاه", "۳ ماه تعمیر رایگان ایرادهای سخت‌افزاری در تعمیرگاه فروشگاه، بدون آسیب فیزیکی و مایعات"),
    ("گارانتی ۶ ماهه فروشگاه", "۶ ماه تعمیر رایگان ایرادهای سخت‌افزاری در تعمیرگاه فروشگاه، بدون آسیب فیزیکی و مایعات"),
    ("گارانتی ۱۲ ماهه فروشگاه", "۱۲ ماه تعمیر رایگان و تعویض قطعه معیوب در تعمیرگاه فروشگاه، بدون آسیب فیزیکی و مایعات"),
    ("گارانتی ۱۲ ماهه ماتریس", "۱۲ ماه تعمیر و تعویض قطعات معیوب در مراکز خدمات ماتریس در سراسر کشور"),
    ("گارانتی ۱۸ ماهه ماتریس", "۱۸ ماه تعمیر و تعویض قطعات معیوب در مراکز خدمات ماتریس در سراسر کشور"),
    ("گارانتی ۱۸ ماهه آواژنگ", "۱۸ ماه تعمیر و تعویض قطعات معیوب در مراکز آواژنگ، با پیک رایگان در تهران"),
    ("گارانتی ۱۸ ماهه سازگار ارقام", "۱۸ ماه خدمات سخت‌افزاری و تعویض قطعه اصل در مراکز سازگار ارقام"),
    ("گارانتی ۱۸ ماهه حامی", "۱۸ ماه تعمیر و تعویض قطعات معیوب در مراکز حامی، به‌جز باتری پس از ۶ ماه"),
    ("گارانتی ۲۴ ماهه حامی", "۲۴ ماه تعمیر و تعویض قطعات معیوب، باتری و آداپتور در مراکز حامی"),
    ("گارانتی ۱۸ ماهه شرکتی", "۱۸ ماه گارانتی رسمی شرکت واردکننده: تعمیر و تعویض قطعات در نمایندگی‌های مجاز"),
];

/// The demo note of a warranty name; empty for a name the demo does not know.
pub fn warranty_note(name: &str) -> &'static str {
    WARRANTY_NOTES.iter().find(|(n, _)| *n == name).map_or("", |(_, note)| note)
}

/// Gives the variants of an earlier demo load (no warranty note yet) the note of their demo
/// warranty; a note the shop wrote is kept.
async fn fill_warranty_notes<C: ConnectionTrait>(db: &C) -> Result<(), DbErr> {
    for (name, note) in WARRANTY_NOTES {
        variant::Entity::update_many()
            .col_expr(variant::Column::WarrantyNote, sea_orm::sea_query::Expr::value(*note))
            .filter(variant::Column::WarrantyName.eq(*name))
            .filter(variant::Column::WarrantyNote.eq(""))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// The delivery options every demo product offers (the freight option reaches no city yet).
const ALL_ROUTES: &[&str] = &[COURIER_TEHRAN, POST, TIPAX, COURIER_ISFAHAN, PICKUP, FREIGHT, FREE_EAST];

const PRODUCTS: &[DemoProduct] = &[
    DemoProduct {
        uid: "asus-zenbook-14-ux3405",
        name: "لپ‌تاپ ایسوس ذن‌بوک ۱۴ مدل UX3405MA",
        brand: "ASUS",
        line: product::LINE_LAPTOP,
        condition: product::CONDITION_NEW,
        description: "لپ‌تاپ سبک ۱.۲ کیلوگرمی با نمایشگر OLED سه‌کا و پردازندهٔ Core Ultra 7، مناسب کار و سفر.",
        variants: &[
            DemoVariant { color: "آبی تیره", warranty: "گارانتی ۱۸ ماهه آواژنگ", warranty_price: 2_500_000, price: 72_500_000, stock: 5, ins: true, property: "Core Ultra 7 155H / ۱۶ گیگ رم / ۱ ترابایت SSD" },
            DemoVariant { color: "نقره‌ای", warranty: "گارانتی ۱۸ ماهه آواژنگ", warranty_price: 2_500_000, price: 73_200_000, stock: 2, ins: true, property: "Core Ultra 7 155H / ۱۶ گیگ رم / ۱ ترابایت SSD" },
            DemoVariant { color: "نقره‌ای", warranty: "بدون گارانتی", warranty_price: 0, price: 70_900_000, stock: 1, ins: false, property: "Core Ultra 7 155H / ۱۶ گیگ رم / ۱ ترابایت SSD" },
        ],
    },
    DemoProduct {
        uid: "lenovo-thinkpad-t14-gen3-used",
        name: "لپ‌تاپ استوک لنوو ThinkPad T14 Gen 3",
        brand: "Lenovo",
        line: product::LINE_LAPTOP,
        condition: product::CONDITION_USED,
        description: "استوک اروپایی در حد نو، باتری با سلامت ۹۰٪، کیبورد با نور پس‌زمینه و یک هفته مهلت تست.",
        variants: &[
            DemoVariant { color: "مشکی", warranty: "گارانتی ۶ ماهه فروشگاه", warranty_price: 1_200_000, price: 38_900_000, stock: 4, ins: true, property: "Core i5-1245U / ۱۶ گیگ رم / ۵۱۲ گیگ SSD" },
            DemoVariant { color: "مشکی", warranty: "گارانتی ۱۲ ماهه فروشگاه", warranty_price: 2_100_000, price: 38_900_000, stock: 4, ins: true, property: "Core i5-1245U / ۱۶ گیگ رم / ۵۱۲ گیگ SSD" },
        ],
    },
    DemoProduct {
        uid: "hp-elitebook-840-g8-used",
        name: "لپ‌تاپ استوک اچ‌پی EliteBook 840 G8",
        brand: "HP",
        line: product::LINE_LAPTOP,
        condition: product::CONDITION_USED,
        description: "بدنهٔ آلومینیومی، نمایشگر ۱۴ اینچ فول‌اچ‌دی، سلامت باتری ۸۵٪؛ مناسب کارهای اداری و دانشجویی.",
        variants: &[
            DemoVariant { color: "نقره‌ای", warranty: "گارانتی ۶ ماهه فروشگاه", warranty_price: 900_000, price: 29_500_000, stock: 7, ins: false, property: "Core i5-1135G7 / ۸ گیگ رم / ۲۵۶ گیگ SSD" },
            DemoVariant { color: "نقره‌ای", warranty: "گارانتی ۶ ماهه فروشگاه", warranty_price: 900_000, price: 32_800_000, stock: 3, ins: false, property: "Core i7-1185G7 / ۱۶ گیگ رم / ۵۱۲ گیگ SSD" },
        ],
    },
    DemoProduct {
        uid: "apple-macbook-air-m3-13",
        name: "مک‌بوک ایر ۱۳ اینچ اپل M3",
        brand: "Apple",
        line: product::LINE_LAPTOP,
        condition: product::CONDITION_NEW,
        description: "تراشهٔ M3 با ۸ هستهٔ پردازشی، بدون فن و بی‌صدا، تا ۱۸ ساعت شارژدهی.",
        variants: &[
            DemoVariant { color: "خاکستری فضایی", warranty: "گارانتی ۱۸ ماهه سازگار ارقام", warranty_price: 3_000_000, price: 98_000_000, stock: 3, ins: true, property: "Apple M3 / ۸ گیگ رم / ۲۵۶ گیگ SSD" },
            DemoVariant { color: "طلایی", warranty: "گارانتی ۱۸ ماهه سازگار ارقام", warranty_price: 3_000_000, price: 98_000_000, stock: 0, ins: true, property: "Apple M3 / ۸ گیگ رم / ۲۵۶ گیگ SSD" },
            DemoVariant { color: "نقره‌ای", warranty: "گارانتی ۱۸ ماهه سازگار ارقام", warranty_price: 3_000_000, price: 121_500_000, stock: 2, ins: true, property: "Apple M3 / ۱۶ گیگ رم / ۵۱۲ گیگ SSD" },
        ],
    },
    DemoProduct {
        uid: "microsoft-surface-pro-9",
        name: "تبلت‌لپ‌تاپ مایکروسافت سرفیس پرو ۹",
        brand: "Microsoft",
        line: product::LINE_TABLET_LAPTOP,
        condition: product::CONDITION_NEW,
        description: "تبلت ۱۳ اینچی با صفحه‌نمایش ۱۲۰ هرتز و کیبورد جداشونده؛ هم تبلت، هم لپ‌تاپ.",
        variants: &[
            DemoVariant { color: "پلاتینیومی", warranty: "گارانتی ۱۲ ماهه ماتریس", warranty_price: 2_200_000, price: 84_000_000, stock: 3, ins: true, property: "Core i7-1255U / ۱۶ گیگ رم / ۲۵۶ گیگ SSD" },
            DemoVariant { color: "گرافیتی", warranty: "گارانتی ۱۲ ماهه ماتریس", warranty_price: 2_200_000, price: 85_500_000, stock: 1, ins: true, property: "Core i7-1255U / ۱۶ گیگ رم / ۲۵۶ گیگ SSD" },
        ],
    },
    DemoProduct {
        uid: "lenovo-yoga-7i-2in1-open-box",
        name: "لپ‌تاپ ۲ در ۱ اوپن‌باکس لنوو Yoga 7i",
        brand: "Lenovo",
        line: product::LINE_TABLET_LAPTOP,
        condition: product::CONDITION_OPEN_BOX,
        description: "کارتن باز شده و کاملاً سالم، لولای ۳۶۰ درجه و قلم لمسی همراه.",
        variants: &[
            DemoVariant { color: "خاکستری", warranty: "گارانتی ۱۲ ماهه فروشگاه", warranty_price: 1_500_000, price: 51_000_000, stock: 2, ins: true, property: "Core i5-1335U / ۱۶ گیگ رم / ۵۱۲ گیگ SSD" },
        ],
    },
    DemoProduct {
        uid: "dell-xps-13-9340-open-box",
        name: "لپ‌تاپ اوپن‌باکس دل XPS 13 مدل 9340",
        brand: "Dell",
        line: product::LINE_LAPTOP,
        condition: product::CONDITION_OPEN_BOX,
        description: "اوپن‌باکس با همهٔ متعلقات اصلی؛ نمایشگر ۱۳.۴ اینچ و بدنهٔ یکپارچهٔ آلومینیومی.",
        variants: &[
            DemoVariant { color: "گرافیتی", warranty: "گارانتی ۱۲ ماهه فروشگاه", warranty_price: 1_800_000, price: 79_000_000, stock: 1, ins: false, property: "Core Ultra 7 155H / ۱۶ گیگ رم / ۵۱۲ گیگ SSD" },
            DemoVariant { color: "پلاتینیومی", warranty: "گارانتی ۱۲ ماهه فروشگاه", warranty_price: 1_800_000, price: 79_000_000, stock: 2, ins: false, property: "Core Ultra 7 155H / ۱۶ گیگ رم / ۵۱۲ گیگ SSD" },
        ],
    },
    DemoProduct {
        uid: "msi-katana-15-b13v",
        name: "لپ‌تاپ گیمینگ ام‌اس‌آی Katana 15 مدل B13V",
        brand: "MSI",
        line: product::LINE_LAPTOP,
        condition: product::CONDITION_NEW,
        description: "گرافیک RTX 4060 و نمایشگر ۱۴۴ هرتز برای بازی و تدوین.",
        variants: &[
            DemoVariant { color: "مشکی", warranty: "گارانتی ۲۴ ماهه حامی", warranty_price: 3_500_000, price: 69_800_000, stock: 6, ins: true, property: "Core i7-13620H / ۱۶ گیگ رم / ۱ ترابایت SSD / RTX 4060" },
            DemoVariant { color: "مشکی", warranty: "گارانتی ۱۸ ماهه حامی", warranty_price: 2_400_000, price: 69_800_000, stock: 6, ins: true, property: "Core i7-13620H / ۱۶ گیگ رم / ۱ ترابایت SSD / RTX 4060" },
        ],
    },
    DemoProduct {
        uid: "asus-tuf-gaming-a15-fa507",
        name: "لپ‌تاپ گیمینگ ایسوس TUF A15 مدل FA507NV",
        brand: "ASUS",
        line: product::LINE_LAPTOP,
        condition: product::CONDITION_NEW,
        description: "بدنهٔ مقاوم با استاندارد نظامی، پردازندهٔ Ryzen 7 و گرافیک RTX 4060.",
        variants: &[
            DemoVariant { color: "خاکستری تیره", warranty: "گارانتی ۱۸ ماهه آواژنگ", warranty_price: 2_300_000, price: 61_400_000, stock: 8, ins: true, property: "Ryzen 7 7735HS / ۱۶ گیگ رم / ۵۱۲ گیگ SSD / RTX 4060" },
        ],
    },
    DemoProduct {
        uid: "acer-aspire-5-a515-58m",
        name: "لپ‌تاپ ایسر Aspire 5 مدل A515-58M",
        brand: "Acer",
        line: product::LINE_LAPTOP,
        condition: product::CONDITION_NEW,
        description: "انتخاب اقتصادی برای دانشجویان با نمایشگر ۱۵.۶ اینچ فول‌اچ‌دی.",
        variants: &[
            DemoVariant { color: "نقره‌ای", warranty: "گارانتی ۱۸ ماهه ماتریس", warranty_price: 1_100_000, price: 32_900_000, stock: 12, ins: false, property: "Core i5-1335U / ۸ گیگ رم / ۵۱۲ گیگ SSD" },
            DemoVariant { color: "نقره‌ای", warranty: "بدون گارانتی", warranty_price: 0, price: 31_700_000, stock: 5, ins: false, property: "Core i5-1335U / ۸ گیگ رم / ۵۱۲ گیگ SSD" },
        ],
    },
    DemoProduct {
        uid: "dell-latitude-5420-used",
        name: "لپ‌تاپ استوک دل Latitude 5420",
        brand: "Dell",
        line: product::LINE_LAPTOP,
        condition: product::CONDITION_USED,
        description: "استوک آمریکایی با درجهٔ ظاهری A، سلامت باتری ۸۸٪ و سه روز مهلت تست.",
        variants: &[
            DemoVariant { color: "مشکی", warranty: "گارانتی ۳ ماهه فروشگاه", warranty_price: 600_000, price: 24_500_000, stock: 9, ins: false, property: "Core i5-1145G7 / ۸ گیگ رم / ۲۵۶ گیگ SSD" },
        ],
    },
    DemoProduct {
        uid: "microsoft-surface-pro-7-used",
        name: "تبلت‌لپ‌تاپ استوک مایکروسافت سرفیس پرو ۷",
        brand: "Microsoft",
        line: product::LINE_TABLET_LAPTOP,
        condition: product::CONDITION_USED,
        description: "استوک تمیز با کیبورد تایپ‌کاور، سلامت باتری ۸۰٪.",
        variants: &[
            DemoVariant { color: "پلاتینیومی", warranty: "گارانتی ۳ ماهه فروشگاه", warranty_price: 500_000, price: 27_900_000, stock: 2, ins: true, property: "Core i5-1035G4 / ۸ گیگ رم / ۱۲۸ گیگ SSD" },
            DemoVariant { color: "مشکی", warranty: "گارانتی ۳ ماهه فروشگاه", warranty_price: 500_000, price: 29_400_000, stock: 1, ins: true, property: "Core i7-1065G7 / ۱۶ گیگ رم / ۲۵۶ گیگ SSD" },
        ],
    },
];

/// The number of products in the built-in demo catalogue.
pub fn demo_product_count() -> usize {
    PRODUCTS.len()
}

/// Loads the demo shop (see the module docs). `products: Some(n)` loads `n` products
/// (the demo ones first, then generated copies) instead of the demo dozen.
pub async fn demo(db: &DatabaseConnection, products: Option<usize>) -> Result<SeedReport, DbErr> {
    let mut report = catalogue(db, products).await?;
    catalog::seed_catalog(db, products).await?;
    report.customer = demo_customer(db).await?;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
    discounts::seed(db, now).await?;
    slots::seed(db, now).await?;
    Ok(report)
}

/// The catalogue part of [`demo`] (products, variants, delivery options and their links),
/// without the customer. Idempotent like [`demo`].
pub async fn catalogue(db: &DatabaseConnection, products: Option<usize>) -> Result<SeedReport, DbErr> {
    let mut report = SeedReport::default();
    let txn = crate::platform::db::begin_write(db).await?;

    // Delivery options, by name.
    let existing_options = delivery_option::Entity::find().all(&txn).await?;
    let mut option_ids: HashMap<String, i64> = existing_options.iter().map(|o| (o.name.clone(), o.id)).collect();
    for o in existing_options {
        update_demo_option(&txn, o).await?;
    }
    for d in DELIVERY {
        if option_ids.contains_key(d.name) {
            continue;
        }
        let cities: Vec<&str> = d.cities.to_vec();
        let row = delivery_option::ActiveModel {
            pickup: Set(d.name == PICKUP),
            name: Set(d.name.to_string()),
            description: Set(d.description.to_string()),
            price: Set(d.price),
            priority: Set(d.priority),
            cities: Set(serde_json::to_string(&cities).unwrap_or_else(|_| "[]".into())),
            estimate: Set(d.estimate.to_string()),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        option_ids.insert(row.name, row.id);
        report.delivery_options += 1;
    }

    // Products, by uid.
    let existing = product::existing_uids(&txn).await?;
    let wanted = products.unwrap_or(PRODUCTS.len());
    for i in 0..wanted {
        let template = &PRODUCTS[i % PRODUCTS.len()];
        let copy = i / PRODUCTS.len();
        let (uid, name) = if copy == 0 {
            (template.uid.to_string(), template.name.to_string())
        } else {
            (
                format!("{}-{}", template.uid, copy + 1),
                format!("{} (سری {})", template.name, shop_core::digits::to_persian_digits(&(copy + 1).to_string())),
            )
        };
        if existing.contains(&uid) {
            continue;
        }
        let p = product::ActiveModel {
            uid: Set(uid),
            name: Set(name),
            brand: Set(template.brand.to_string()),
            line: Set(template.line.to_string()),
            condition: Set(template.condition.to_string()),
            description: Set(template.description.to_string()),
            active: Set(true),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        report.products += 1;
        for (n, v) in template.variants.iter().enumerate() {
            variant::ActiveModel {
                product_id: Set(p.id),
                color: Set(v.color.to_string()),
                warranty_name: Set(v.warranty.to_string()),
                warranty_price: Set(v.warranty_price),
                warranty_note: Set(warranty_note(v.warranty).to_string()),
                price: Set(v.price),
                stock: Set(v.stock),
                ins_payment: Set(v.ins),
                dg: Set(format!("{}-{}", p.id, n + 1)),
                property: Set(v.property.to_string()),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            report.variants += 1;
        }
    }
    fill_warranty_notes(&txn).await?;
    seed_shop_settings(&txn).await?;
    report.links = link_delivery(&txn).await?;
    plans::seed_plans(&txn).await?;
    txn.commit().await?;
    Ok(report)
}

/// Brings a demo option of an earlier demo load up to date: its old demo priority
/// ([`PRIORITY_FIXES`]) and a missing estimate. Other options, and values the shop changed,
/// are left as they are.
async fn update_demo_option<C: ConnectionTrait>(db: &C, o: delivery_option::Model) -> Result<(), DbErr> {
    let Some(d) = DELIVERY.iter().find(|d| d.name == o.name) else {
        return Ok(());
    };
    let fix = PRIORITY_FIXES.iter().find(|(name, old, _)| *name == o.name && *old == o.priority);
    if fix.is_none() && !o.estimate.is_empty() {
        return Ok(());
    }
    let empty_estimate = o.estimate.is_empty();
    let mut row: delivery_option::ActiveModel = o.into();
    if let Some((_, _, new)) = fix {
        row.priority = Set(*new);
    }
    if empty_estimate {
        row.estimate = Set(d.estimate.to_string());
    }
    row.update(db).await?;
    Ok(())
}

/// True when `uid` is a demo product's: one of the built-in dozen or the generated laptops of
/// `demo/laptops.txt`, or a load-test copy of either (`<uid>-<n>`, `<uid>-s<n>`).
fn is_demo_uid(uid: &str, demo_uids: &std::collections::HashSet<String>) -> bool {
    if demo_uids.contains(uid) {
        return true;
    }
    let Some((base, tail)) = uid.rsplit_once('-') else {
        return false;
    };
    let n = tail.strip_prefix('s').unwrap_or(tail);
    !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && demo_uids.contains(base)
}

/// Links every demo product to every demo delivery option ([`ALL_ROUTES`]) it is not linked
/// to yet, including the products of an earlier demo load (which linked the generated
/// laptops to nothing). Adds only missing links, never removes one. Returns how many it added.
pub async fn link_delivery<C: ConnectionTrait>(db: &C) -> Result<usize, DbErr> {
    use sea_orm::QuerySelect;
    let mut demo_uids: std::collections::HashSet<String> = PRODUCTS.iter().map(|p| p.uid.to_string()).collect();
    demo_uids.extend(crate::catalog::sample::demo_laptops().into_iter().map(|l| l.uid));
    let options: Vec<i64> = delivery_option::Entity::find()
        .filter(delivery_option::Column::Name.is_in(ALL_ROUTES.iter().copied()))
        .all(db)
        .await?
        .into_iter()
        .map(|o| o.id)
        .collect();
    let products: Vec<(i64, String)> = product::Entity::find()
        .select_only()
        .column(product::Column::Id)
        .column(product::Column::Uid)
        .into_tuple()
        .all(db)
        .await?;
    let linked: std::collections::HashSet<(i64, i64)> = product_delivery::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|l| (l.product_id, l.delivery_option_id))
        .collect();
    let mut missing = Vec::new();
    for (product_id, uid) in products {
        if !is_demo_uid(&uid, &demo_uids) {
            continue;
        }
        for &option in &options {
            if !linked.contains(&(product_id, option)) {
                missing.push(product_delivery::ActiveModel {
                    product_id: Set(product_id),
                    delivery_option_id: Set(option),
                });
            }
        }
    }
    let added = missing.len();
    while !missing.is_empty() {
        let rest = missing.split_off(missing.len().min(1000));
        product_delivery::Entity::insert_many(std::mem::replace(&mut missing, rest))
            .exec_without_returning(db)
            .await?;
    }
    Ok(added)
}

/// True when the demo customer exists and its published password still signs it in.
pub async fn demo_customer_signs_in(db: &DatabaseConnection) -> Result<bool, DbErr> {
    use crate::auth::entity::user;
    let row = user::Entity::find().filter(user::Column::Mobile.eq(DEMO_MOBILE)).one(db).await?;
    Ok(match row.and_then(|u| u.password_hash) {
        Some(phc) => crate::auth::password::verify(DEMO_PASSWORD.to_string(), phc).await,
        None => false,
    })
}

/// Creates the demo customer unless the number is already registered. Returns whether it did.
async fn demo_customer(db: &DatabaseConnection) -> Result<bool, DbErr> {
    use crate::auth::entity::user;
    let exists = user::Entity::find()
        .filter(user::Column::Mobile.eq(DEMO_MOBILE))
        .one(db)
        .await?
        .is_some();
    if exists {
        return Ok(false);
    }
    let now = chrono::Utc::now().timestamp();
    let res = user::Entity::insert(user::ActiveModel {
        uid: Set(uuid::Uuid::new_v4().to_string()),
        mobile: Set(DEMO_MOBILE.to_string()),
        name: Set(DEMO_NAME.to_string()),
        lastname: Set(String::new()),
        email: Set(String::new()),
        state: Set(DEMO_CITY.to_string()),
        city: Set(DEMO_CITY.to_string()),
        profile: Set(String::new()),
        address1: Set("تهران، خیابان ولیعصر، کوچهٔ نمونه، پلاک ۱".to_string()),
        address2: Set(String::new()),
        postal_code1: Set("1234567890".to_string()),
        postal_code2: Set(String::new()),
        phone: Set(String::new()),
        info: Set(String::new()),
        user_type: Set(user::UserType::Customer),
        block: Set(false),
        password_hash: Set(Some(hash_password(DEMO_PASSWORD)?)),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .with_search_name()?)
    .on_conflict_do_nothing_on([user::Column::Mobile])
    .exec_without_returning(db)
    .await?;
    Ok(matches!(res, sea_orm::TryInsertResult::Inserted(n) if n > 0))
}

/// The stored password hash, made by the sign-in module's own hasher (production cost).
fn hash_password(password: &str) -> Result<String, DbErr> {
    crate::auth::password::hash_sync(password, crate::auth::password::PasswordCost::PRODUCTION)
        .map_err(|e| DbErr::Custom(format!("password hash: {e}")))
}

/// Load the demo data when the database has no users and no products (first start);
/// outside development mode without the demo customer (its password is published).
pub async fn seed_if_empty(db: &DatabaseConnection, development: bool) -> Result<(), DbErr> {
    use sea_orm::PaginatorTrait;
    let users = crate::auth::entity::user::Entity::find().count(db).await?;
    if users == 0 && catalogue_is_empty(db).await? {
        if development {
            log_report(&demo(db, None).await?);
        } else {
            let report = catalogue(db, None).await?;
            catalog::seed_catalog(db, None).await?;
            log_report(&report);
        }
    }
    Ok(())
}

/// Log what one run of [`demo`] added.
pub fn log_report(r: &SeedReport) {
    tracing::info!(
        products = r.products,
        variants = r.variants,
        delivery_options = r.delivery_options,
        links = r.links,
        customer = r.customer,
        "demo data loaded (only what was missing)"
    );
}

/// True when the catalogue holds no product (used to seed on first start).
pub async fn catalogue_is_empty<C: ConnectionTrait>(db: &C) -> Result<bool, DbErr> {
    Ok(product::Entity::find().one(db).await?.is_none())
}

/// Ids of a product's variants, cheapest first (used by tests and the load bench).
pub async fn variant_ids_of<C: ConnectionTrait>(db: &C, product_id: i64) -> Result<Vec<i64>, DbErr> {
    use sea_orm::QueryOrder;
    Ok(variant::Entity::find()
        .filter(variant::Column::ProductId.eq(product_id))
        .order_by_asc(variant::Column::Price)
        .all(db)
        .await?
        .into_iter()
        .map(|v| v.id)
        .collect())
}

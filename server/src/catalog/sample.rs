//! The sample laptops (`server/demo/laptops.txt`) and their category tree: catalogue data
//! that the demo seeds (`demo::catalog`) and the catalogue's own tests rank, kept here so the
//! catalogue names no demo code (the demo sits above the catalogue).

use super::product;

/// The demo data file.
pub const LAPTOPS_TXT: &str = include_str!("../../demo/laptops.txt");

/// Categories: slug, parent slug, Persian name, description.
pub const CATEGORIES: &[(&str, &str, &str, &str)] = &[
    ("laptop", "", "لپ‌تاپ", "انواع لپ‌تاپ نو، استوک و اوپن‌باکس برای کار، درس، بازی و طراحی"),
    ("gaming-laptop", "laptop", "لپ‌تاپ گیمینگ", "لپ‌تاپ‌های پرقدرت با کارت گرافیک مجزا برای بازی و رندر"),
    ("ultrabook", "laptop", "الترابوک", "لپ‌تاپ‌های سبک و باریک با باتری پرطاقت"),
    ("business-laptop", "laptop", "لپ‌تاپ اداری و تجاری", "لپ‌تاپ‌های مقاوم و امن برای کارهای اداری"),
    ("student-laptop", "laptop", "لپ‌تاپ دانشجویی و روزمره", "انتخاب‌های اقتصادی برای درس و کارهای روزمره"),
    ("creator-laptop", "laptop", "لپ‌تاپ طراحی و رندرینگ", "نمایشگرهای دقیق و پردازنده‌های قوی برای طراحان و برنامه‌نویسان"),
    ("tablet-laptop", "", "تبلت لپ‌تاپ (۲ در ۱)", "دستگاه‌های ۲ در ۱ با صفحه لمسی و کیبورد جداشدنی یا چرخان"),
    ("surface", "tablet-laptop", "مایکروسافت سرفیس", "سرفیس پرو، سرفیس گو و سرفیس لپ‌تاپ"),
    ("convertible", "tablet-laptop", "لپ‌تاپ تبدیل‌شونده", "لپ‌تاپ‌های ۳۶۰ درجه و جداشدنی"),
];

/// One demo laptop, parsed from `laptops.txt`.
#[derive(Debug, Clone)]
pub struct DemoLaptop {
    pub uid: String,
    pub name: String,
    pub brand: String,
    pub model: String,
    pub line: &'static str,
    pub condition: &'static str,
    pub category: String,
    pub cpu: String,
    pub ram_gb: i32,
    pub storage_gb: i32,
    pub gpu: String,
    pub screen_inches: f64,
    pub resolution: String,
    pub weight_kg: f64,
    pub battery_wh: i32,
    pub os: String,
    /// Toman.
    pub price: i64,
    pub colours: Vec<String>,
    pub grade: Option<String>,
    pub battery_health: Option<i32>,
    pub test_days: Option<i32>,
    pub special_percent: i64,
}

/// Parse the demo file (lines starting with `#` and blank lines are skipped).
pub fn parse_laptops(text: &str) -> Result<Vec<DemoLaptop>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        if f.len() != 20 {
            return Err(format!("laptops.txt line {}: {} fields, expected 20", n + 1, f.len()));
        }
        let num = |i: usize| -> Result<f64, String> {
            f[i].parse::<f64>().map_err(|_| format!("laptops.txt line {}: field {} is not a number", n + 1, i + 1))
        };
        let (grade, battery_health, test_days) = if f[18] == "-" {
            (None, None, None)
        } else {
            let g: Vec<&str> = f[18].split(',').collect();
            (
                g.first().map(|s| s.to_string()),
                g.get(1).and_then(|s| s.parse().ok()),
                g.get(2).and_then(|s| s.parse().ok()),
            )
        };
        out.push(DemoLaptop {
            uid: f[0].into(),
            name: f[1].into(),
            brand: f[2].into(),
            model: f[3].into(),
            line: if f[4] == "t" { product::LINE_TABLET_LAPTOP } else { product::LINE_LAPTOP },
            condition: match f[5] {
                "u" => product::CONDITION_USED,
                "o" => product::CONDITION_OPEN_BOX,
                _ => product::CONDITION_NEW,
            },
            category: f[6].into(),
            cpu: f[7].into(),
            ram_gb: num(8)? as i32,
            storage_gb: num(9)? as i32,
            gpu: f[10].into(),
            screen_inches: num(11)?,
            resolution: f[12].into(),
            weight_kg: num(13)?,
            battery_wh: num(14)?.round() as i32,
            os: f[15].into(),
            price: (num(16)? * 1_000_000.0).round() as i64,
            colours: f[17].split(',').map(|s| s.trim().to_string()).collect(),
            grade,
            battery_health,
            test_days,
            special_percent: num(19)? as i64,
        });
    }
    Ok(out)
}

/// The parsed demo laptops.
pub fn demo_laptops() -> Vec<DemoLaptop> {
    parse_laptops(LAPTOPS_TXT).unwrap_or_default()
}

pub fn fa(n: impl ToString) -> String {
    shop_core::digits::to_persian_digits(&n.to_string())
}

pub fn storage_text(gb: i32) -> String {
    if gb >= 1024 && gb % 1024 == 0 {
        format!("{} ترابایت", fa(gb / 1024))
    } else {
        format!("{} گیگابایت", fa(gb))
    }
}

/// Ports typical of the line and brand.
pub fn ports_of(l: &DemoLaptop) -> String {
    if l.brand == "Apple" {
        "Thunderbolt / USB-C ×۲، MagSafe، جک هدفون ۳.۵".into()
    } else if l.line == product::LINE_TABLET_LAPTOP {
        "USB-C ×۲، جک هدفون ۳.۵، کانکتور کیبورد".into()
    } else if l.category == "gaming-laptop" {
        "USB-A ×۳، USB-C، HDMI 2.1، LAN، جک هدفون ۳.۵".into()
    } else {
        "USB-A ×۲، USB-C، HDMI، جک هدفون ۳.۵".into()
    }
}

/// A Persian description written from the specs.
pub fn describe(l: &DemoLaptop) -> String {
    let cond = match l.condition {
        product::CONDITION_USED => format!(
            "این دستگاه استوک است، با درجه ظاهری {} و سلامت باتری {} درصد؛ پیش از فروش در فروشگاه کامل تست شده و {} روز مهلت تست دارد.",
            l.grade.clone().unwrap_or_default(),
            fa(l.battery_health.unwrap_or(0)),
            fa(l.test_days.unwrap_or(7))
        ),
        product::CONDITION_OPEN_BOX => format!(
            "این دستگاه اوپن‌باکس است: جعبه باز شده ولی دستگاه در حد نو است (درجه {}، سلامت باتری {} درصد) و {} روز مهلت تست دارد.",
            l.grade.clone().unwrap_or_default(),
            fa(l.battery_health.unwrap_or(100)),
            fa(l.test_days.unwrap_or(10))
        ),
        _ => "این دستگاه نو و آکبند است و با گارانتی معتبر عرضه می‌شود.".to_string(),
    };
    let usage = match l.category.as_str() {
        "gaming-laptop" => "برای بازی‌های سنگین، استریم و رندر سه‌بعدی انتخاب مناسبی است.",
        "ultrabook" => "وزن کم و باتری پرطاقت آن را برای سفر و کار در حرکت مناسب می‌کند.",
        "business-laptop" => "بدنه مقاوم، کیبورد راحت و امکانات امنیتی آن برای کارهای اداری و تجاری ساخته شده است.",
        "creator-laptop" => "نمایشگر دقیق و پردازنده قدرتمند آن برای طراحی، تدوین ویدیو و برنامه‌نویسی مناسب است.",
        "surface" | "convertible" => "صفحه لمسی و حالت تبلت، آن را برای یادداشت‌برداری، طراحی با قلم و ارائه ایده‌آل می‌کند.",
        _ => "برای درس، کارهای روزمره، وبگردی و تماشای فیلم گزینه‌ای اقتصادی و مطمئن است.",
    };
    format!(
        "{} با پردازنده {}، {} گیگابایت رم و {} حافظه {}، نمایشگر {} اینچی با وضوح {} و گرافیک {}. وزن دستگاه {} کیلوگرم و باتری آن {} وات‌ساعت است. {} {}",
        l.name,
        l.cpu,
        fa(l.ram_gb),
        storage_text(l.storage_gb),
        "SSD",
        fa(l.screen_inches),
        l.resolution,
        l.gpu,
        fa(l.weight_kg),
        fa(l.battery_wh),
        usage,
        cond
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::snapshot::cpu_family;
    use std::collections::HashSet;

    #[test]
    fn demo_file_parses_with_variety() {
        let l = parse_laptops(LAPTOPS_TXT).expect("parses");
        assert!(l.len() >= 60, "{} laptops", l.len());
        let brands: HashSet<&str> = l.iter().map(|x| x.brand.as_str()).collect();
        for b in ["Lenovo", "HP", "Dell", "ASUS", "Acer", "Apple", "MSI", "Microsoft"] {
            assert!(brands.contains(b), "{b}");
        }
        for c in [product::CONDITION_NEW, product::CONDITION_USED, product::CONDITION_OPEN_BOX] {
            assert!(l.iter().filter(|x| x.condition == c).count() >= 5, "{c}");
        }
        assert!(l.iter().filter(|x| x.line == product::LINE_TABLET_LAPTOP).count() >= 8);
        let uids: HashSet<&str> = l.iter().map(|x| x.uid.as_str()).collect();
        assert_eq!(uids.len(), l.len(), "unique uids");
        let slugs: HashSet<&str> = CATEGORIES.iter().map(|c| c.0).collect();
        for x in &l {
            assert!(slugs.contains(x.category.as_str()), "{}: {}", x.uid, x.category);
            assert!(x.price > 10_000_000, "{}", x.uid);
            assert_ne!(cpu_family(&x.cpu), "other", "{}: {}", x.uid, x.cpu);
            if x.condition != product::CONDITION_NEW {
                assert!(x.grade.is_some() && x.battery_health.is_some() && x.test_days.is_some(), "{}", x.uid);
            }
        }
    }
}

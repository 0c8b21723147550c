//! Iran's provinces and their main cities: the list an address's province and city must come from.
//!
//! ```
//! use shop_core::provinces::{check_place, PlaceError};
//! assert_eq!(check_place("تهران", "تهران"), Ok(()));
//! assert_eq!(check_place("تهران", "تبریز"), Err(PlaceError::City));
//! ```

/// Every province with its cities: `contract/provinces.json`, the web app's selects (a test keeps the two equal).
pub const PROVINCES: &[(&str, &[&str])] = &[
    ("آذربایجان شرقی", &["تبریز", "مراغه", "مرند", "میانه", "اهر"]),
    ("آذربایجان غربی", &["ارومیه", "خوی", "مهاباد", "میاندوآب", "بوکان"]),
    ("اردبیل", &["اردبیل", "پارس‌آباد", "مشگین‌شهر", "خلخال"]),
    ("اصفهان", &["اصفهان", "کاشان", "خمینی‌شهر", "نجف‌آباد", "شاهین‌شهر"]),
    ("البرز", &["کرج", "فردیس", "نظرآباد", "هشتگرد"]),
    ("ایلام", &["ایلام", "دهلران", "ایوان", "آبدانان"]),
    ("بوشهر", &["بوشهر", "برازجان", "گناوه", "کنگان"]),
    ("تهران", &["تهران", "اسلام‌شهر", "شهریار", "ورامین", "پاکدشت", "دماوند"]),
    ("چهارمحال و بختیاری", &["شهرکرد", "بروجن", "فارسان", "لردگان"]),
    ("خراسان جنوبی", &["بیرجند", "قائن", "طبس", "فردوس"]),
    ("خراسان رضوی", &["مشهد", "نیشابور", "سبزوار", "تربت حیدریه", "قوچان"]),
    ("خراسان شمالی", &["بجنورد", "شیروان", "اسفراین"]),
    ("خوزستان", &["اهواز", "دزفول", "آبادان", "خرمشهر", "بهبهان", "اندیمشک"]),
    ("زنجان", &["زنجان", "ابهر", "خرمدره"]),
    ("سمنان", &["سمنان", "شاهرود", "دامغان", "گرمسار"]),
    ("سیستان و بلوچستان", &["زاهدان", "زابل", "چابهار", "ایرانشهر"]),
    ("فارس", &["شیراز", "مرودشت", "کازرون", "جهرم", "فسا", "لار"]),
    ("قزوین", &["قزوین", "تاکستان", "الوند", "بوئین‌زهرا"]),
    ("قم", &["قم"]),
    ("کردستان", &["سنندج", "سقز", "مریوان", "بانه"]),
    ("کرمان", &["کرمان", "رفسنجان", "سیرجان", "جیرفت", "بم"]),
    ("کرمانشاه", &["کرمانشاه", "اسلام‌آباد غرب", "کنگاور", "هرسین"]),
    ("کهگیلویه و بویراحمد", &["یاسوج", "دوگنبدان", "دهدشت"]),
    ("گلستان", &["گرگان", "گنبد کاووس", "علی‌آباد کتول", "آق‌قلا"]),
    ("گیلان", &["رشت", "بندر انزلی", "لاهیجان", "لنگرود", "آستارا"]),
    ("لرستان", &["خرم‌آباد", "بروجرد", "دورود", "الیگودرز"]),
    ("مازندران", &["ساری", "بابل", "آمل", "قائم‌شهر", "بابلسر", "نوشهر"]),
    ("مرکزی", &["اراک", "ساوه", "خمین", "محلات"]),
    ("هرمزگان", &["بندرعباس", "قشم", "کیش", "میناب", "بندر لنگه"]),
    ("همدان", &["همدان", "ملایر", "نهاوند", "اسدآباد"]),
    ("یزد", &["یزد", "میبد", "اردکان", "مهریز"]),
];

/// Which half of a place was not recognised.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    /// Not one of the provinces.
    #[error("لطفا استان را انتخاب کنید")]
    Province,
    /// Not one of the province's cities.
    #[error("لطفا شهر را انتخاب کنید")]
    City,
}

/// Checks that `province` is a province and `city` one of its cities (after Persian folding,
/// so «ي»/«ی» spellings and stray spaces do not matter).
pub fn check_place(province: &str, city: &str) -> Result<(), PlaceError> {
    let fold = crate::search::fold;
    let (p, c) = (fold(province), fold(city));
    let (_, cities) = PROVINCES
        .iter()
        .find(|(name, _)| fold(name) == p)
        .ok_or(PlaceError::Province)?;
    if cities.iter().any(|name| fold(name) == c) {
        Ok(())
    } else {
        Err(PlaceError::City)
    }
}

/// The list's own spelling of a city of any province (after folding, so «ي»/«ی» spellings and
/// stray spaces do not matter); `None` for a name not in the list. Where a city is chosen
/// without its province (the cities a delivery option serves).
///
/// ```
/// use shop_core::provinces::city_name;
/// assert_eq!(city_name(" شيراز"), Some("شیراز"));
/// assert_eq!(city_name("<b>تهران</b>"), None);
/// assert_eq!(city_name(""), None);
/// ```
pub fn city_name(name: &str) -> Option<&'static str> {
    let fold = crate::search::fold;
    let c = fold(name);
    if c.is_empty() {
        return None;
    }
    PROVINCES.iter().flat_map(|(_, cities)| cities.iter()).find(|city| fold(city) == c).copied()
}

/// A province and one of its cities, in the list's own spelling.
///
/// ```
/// use shop_core::provinces::Place;
/// let p = Place::parse("خراسان رضوي", " مشهد").unwrap();
/// assert_eq!((p.province(), p.city()), ("خراسان رضوی", "مشهد"));
/// let err = Place::parse("فارس", "تبریز").unwrap_err();
/// assert_eq!((err.field, err.message()), ("city", "لطفا شهر را انتخاب کنید"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    province: &'static str,
    city: &'static str,
}

impl Place {
    /// The request field of the province.
    pub const PROVINCE_FIELD: &'static str = "state";
    /// The request field of the city.
    pub const CITY_FIELD: &'static str = "city";

    /// Finds `province` and its `city` in [`PROVINCES`] (after folding); the error names the
    /// half that is missing or unknown, with the select rule's message.
    pub fn parse(province: &str, city: &str) -> Result<Self, crate::validation::FieldError> {
        use crate::validation::{message, FieldError, Rule, RuleKind};
        let fold = crate::search::fold;
        let error = |field: &'static str, label: &str| FieldError { field, rule: RuleKind::Select, message: message(&Rule::Select, label) };
        let (p, c) = (fold(province), fold(city));
        let (province, cities) = PROVINCES
            .iter()
            .find(|(name, _)| !p.is_empty() && fold(name) == p)
            .ok_or_else(|| error(Self::PROVINCE_FIELD, "استان"))?;
        let city = cities
            .iter()
            .find(|name| !c.is_empty() && fold(name) == c)
            .ok_or_else(|| error(Self::CITY_FIELD, "شهر"))?;
        Ok(Self { province, city })
    }

    /// The province's name.
    pub fn province(&self) -> &'static str {
        self.province
    }

    /// The city's name.
    pub fn city(&self) -> &'static str {
        self.city
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_list_as_the_contract() {
        let text = include_str!("../../contract/provinces.json");
        let v: serde_json::Value = serde_json::from_str(text).unwrap();
        let web: Vec<(String, Vec<String>)> = v["provinces"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                let cities = p["cities"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap().to_string())
                    .collect();
                (p["name"].as_str().unwrap().to_string(), cities)
            })
            .collect();
        let ours: Vec<(String, Vec<String>)> = PROVINCES
            .iter()
            .map(|(p, cs)| (p.to_string(), cs.iter().map(|c| c.to_string()).collect()))
            .collect();
        assert_eq!(ours, web);
    }

    #[test]
    fn arabic_yeh_and_spaces_are_folded() {
        assert_eq!(check_place(" تهران ", "اسلام‌شهر"), Ok(()));
        assert_eq!(check_place("خراسان رضوي", "مشهد"), Ok(()));
    }

    #[test]
    fn unknown_places_are_refused() {
        assert_eq!(check_place("", "تهران"), Err(PlaceError::Province));
        assert_eq!(check_place("کالیفرنیا", "تهران"), Err(PlaceError::Province));
        assert_eq!(check_place("فارس", "تهران"), Err(PlaceError::City));
    }
}

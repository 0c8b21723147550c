//! Delivery options offered for a cart, filtered by the customer's city (spec section 5).
//!
//! The spec: "an option is kept if its first active city is 'all' or the user's city is among
//! its active cities. With several cart lines, options offered for all lines are kept; the
//! option with the lowest Priority number is always added, and the shared ones are included
//! only when that lowest Priority is not 0." Our reading (also in `docs/architecture.md`):
//!
//! 1. City filter, per option: kept when its first active city is [`ALL_CITIES`] (`همه`), or the
//!    user's city equals one of its active cities after [`crate::search::fold`] (so `ي`/`ی`
//!    spellings and stray spaces match). An option with an empty city list is never kept; an
//!    empty user city matches only `همه` options.
//! 2. Each cart line has its own option list; the filter applies per line.
//! 3. *Shared*: the options (by `Id`) present in every line's filtered list.
//! 4. *Lowest*: the smallest `Priority` among all filtered options of all lines (ties: smallest
//!    `Id`). It is always in the result when any option survives the filter.
//! 5. Lowest `Priority` not 0: the shared options follow it. Lowest `Priority` 0: the result is
//!    that option alone (priority 0 is the special "only this" option).
//! 6. Order: lowest first, then the shared ones by (`Priority`, `Id`); no duplicate `Id`s.
//!    No lines, or nothing survives the filter: empty.
//!
//! Worked examples (city `تهران`; `A` = `{Id 1, Priority 2, [همه]}`,
//! `B` = `{Id 2, Priority 1, [تهران]}`, `C` = `{Id 3, Priority 3, [همه]}`,
//! `D` = `{Id 4, Priority 5, [اصفهان]}`, `Z` = `{Id 9, Priority 0, [همه]}`):
//! - lines `[A, B, C]` and `[A, C]`: lowest `B` (priority 1, only on line 1); shared `A`, `C`;
//!   result `B, A, C`.
//! - lines `[A, D]`: `D` is not offered in تهران; lowest `A`, shared `A`: result `A`.
//! - lines `[Z, A]` and `[A]`: lowest `Z` has priority 0, so shared `A` is left out: `Z`.
//! - lines `[B]` and `[C]`: nothing shared; result `B` (the lowest).
//!
//! ```
//! use shop_core::delivery::{filter_delivery, DeliveryOption};
//! let post = DeliveryOption { id: 1, priority: 1, city_active: vec!["همه".into()] };
//! assert_eq!(filter_delivery(&[vec![post.clone()]], "کرج"), [post]);
//! ```

use crate::search::{fold, folds_to};
use serde::de::{self, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// The active-city name that means "every city".
///
/// ```
/// assert_eq!(shop_core::delivery::ALL_CITIES, "همه");
/// ```
pub const ALL_CITIES: &str = "همه";

/// A delivery option as the server sends it: `{Id, Priority, CityActive: [{name}]}`.
///
/// ```
/// use shop_core::delivery::DeliveryOption;
/// let json = r#"{"Id":1,"Priority":0,"CityActive":[{"name":"همه"}]}"#;
/// let option: DeliveryOption = serde_json::from_str(json).unwrap();
/// assert_eq!(option.city_active, ["همه"]);
/// assert_eq!(serde_json::to_string(&option).unwrap(), json);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeliveryOption {
    /// The option's id.
    #[serde(rename = "Id", alias = "id")]
    pub id: i64,
    /// Lower is preferred; 0 is special (see the module docs).
    #[serde(rename = "Priority", alias = "priority")]
    pub priority: i64,
    /// The cities the option serves; first entry `همه` means every city.
    #[serde(
        rename = "CityActive",
        alias = "city_active",
        default,
        serialize_with = "cities_as_objects",
        deserialize_with = "cities_from_json"
    )]
    pub city_active: Vec<String>,
}

/// A city in JSON: `{"name": …}` (the spec's entity, other keys ignored) or a bare string.
/// A hand-written visitor: serde's untagged enums cost several KB in the WASM build.
struct CityJson(String);

impl<'de> Deserialize<'de> for CityJson {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(CityVisitor)
    }
}

struct CityVisitor;

impl<'de> Visitor<'de> for CityVisitor {
    type Value = CityJson;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a city: {\"name\": string} or a string")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<CityJson, E> {
        Ok(CityJson(v.to_owned()))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<CityJson, A::Error> {
        let mut name = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == "name" {
                name = Some(map.next_value::<String>()?);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        name.map(CityJson)
            .ok_or_else(|| de::Error::missing_field("name"))
    }
}

#[derive(Serialize)]
struct CityObject<'a> {
    name: &'a str,
}

fn cities_as_objects<S: Serializer>(cities: &[String], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cities.iter().map(|name| CityObject { name }))
}

fn cities_from_json<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let cities: Option<Vec<CityJson>> = Deserialize::deserialize(d)?;
    Ok(cities
        .unwrap_or_default()
        .into_iter()
        .map(|c| c.0)
        .collect())
}

/// Whether `option` serves the (already folded) city.
fn serves(option: &DeliveryOption, folded_city: &str) -> bool {
    match option.city_active.first() {
        None => false,
        // ALL_CITIES is already in folded form.
        Some(first) if folds_to(first, ALL_CITIES) => true,
        Some(_) => {
            !folded_city.is_empty() && option.city_active.iter().any(|c| folds_to(c, folded_city))
        }
    }
}

/// The delivery options to offer, per the reading in the module docs.
///
/// ```
/// use shop_core::delivery::{filter_delivery, DeliveryOption};
/// let opt = |id, priority, city: &str| DeliveryOption { id, priority, city_active: vec![city.to_owned()] };
/// let (a, b, c) = (opt(1, 2, "همه"), opt(2, 1, "تهران"), opt(3, 3, "همه"));
/// let lines = vec![vec![a.clone(), b.clone(), c.clone()], vec![a.clone(), c.clone()]];
/// let ids: Vec<i64> = filter_delivery(&lines, "تهران").iter().map(|o| o.id).collect();
/// assert_eq!(ids, [2, 1, 3]);
///
/// let z = opt(9, 0, "همه");
/// let ids: Vec<i64> = filter_delivery(&[vec![z, a.clone()], vec![a]], "تهران").iter().map(|o| o.id).collect();
/// assert_eq!(ids, [9]);
/// ```
pub fn filter_delivery(lines: &[Vec<DeliveryOption>], city: &str) -> Vec<DeliveryOption> {
    let folded_city = fold(city);
    let filtered: Vec<Vec<&DeliveryOption>> = lines
        .iter()
        .map(|options| options.iter().filter(|o| serves(o, &folded_city)).collect())
        .collect();
    let Some(lowest) = filtered.iter().flatten().min_by_key(|o| (o.priority, o.id)) else {
        return Vec::new();
    };
    let mut result = vec![(*lowest).clone()];
    if lowest.priority != 0 {
        result.extend(
            shared(&filtered)
                .into_iter()
                .filter(|o| o.id != lowest.id)
                .cloned(),
        );
    }
    result
}

/// Options (first line's copy) whose `Id` is in every line's list, by (`Priority`, `Id`), unique.
///
/// Linear scans and an insertion into sorted position instead of hash sets and `sort`: the
/// lists are a few dozen options, and the WASM build stays about 10 KB smaller.
fn shared<'a>(filtered: &[Vec<&'a DeliveryOption>]) -> Vec<&'a DeliveryOption> {
    let mut out: Vec<&DeliveryOption> = Vec::new();
    for &option in filtered.first().into_iter().flatten() {
        let everywhere = filtered
            .iter()
            .all(|line| line.iter().any(|o| o.id == option.id));
        if everywhere && !out.iter().any(|o| o.id == option.id) {
            let key = (option.priority, option.id);
            let at = out.partition_point(|o| (o.priority, o.id) < key);
            out.insert(at, option);
        }
    }
    out
}

/// The chosen delivery option is not offered to `city`.
///
/// ```
/// assert_eq!(shop_core::delivery::not_offered_message("کرج"), "این روش ارسال برای شهر «کرج» در دسترس نیست");
/// ```
pub fn not_offered_message(city: &str) -> String {
    format!("این روش ارسال برای شهر «{city}» در دسترس نیست")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn opt(id: i64, priority: i64, cities: &[&str]) -> DeliveryOption {
        DeliveryOption {
            id,
            priority,
            city_active: cities.iter().map(|c| c.to_string()).collect(),
        }
    }

    fn ids(options: &[DeliveryOption]) -> Vec<i64> {
        options.iter().map(|o| o.id).collect()
    }

    #[test]
    fn all_cities_word_is_already_folded() {
        assert_eq!(fold(ALL_CITIES), ALL_CITIES);
    }

    #[test]
    fn no_lines_give_nothing() {
        assert!(filter_delivery(&[], "تهران").is_empty());
    }

    #[test]
    fn option_for_all_cities_is_kept() {
        assert_eq!(
            ids(&filter_delivery(&[vec![opt(1, 1, &["همه"])]], "کرج")),
            [1]
        );
    }

    #[test]
    fn option_for_other_cities_is_dropped() {
        assert!(filter_delivery(&[vec![opt(1, 1, &["اصفهان", "شیراز"])]], "تهران").is_empty());
    }

    #[test]
    fn user_city_anywhere_in_the_list_matches() {
        assert_eq!(
            ids(&filter_delivery(
                &[vec![opt(1, 1, &["اصفهان", "تهران"])]],
                "تهران"
            )),
            [1]
        );
    }

    #[test]
    fn all_cities_must_be_first() {
        assert!(filter_delivery(&[vec![opt(1, 1, &["اصفهان", "همه"])]], "تهران").is_empty());
    }

    #[test]
    fn city_spelling_is_folded() {
        assert_eq!(
            ids(&filter_delivery(&[vec![opt(1, 1, &["ساري"])]], " ساری ")),
            [1]
        );
    }

    #[test]
    fn empty_city_list_is_never_kept() {
        assert!(filter_delivery(&[vec![opt(1, 0, &[])]], "تهران").is_empty());
    }

    #[test]
    fn empty_user_city_matches_only_all() {
        let lines = [vec![opt(1, 1, &[""]), opt(2, 2, &["همه"])]];
        assert_eq!(ids(&filter_delivery(&lines, "")), [2]);
    }

    #[test]
    fn lowest_priority_comes_first_then_shared() {
        let lines = [
            vec![
                opt(1, 2, &["همه"]),
                opt(2, 1, &["تهران"]),
                opt(3, 3, &["همه"]),
            ],
            vec![opt(3, 3, &["همه"]), opt(1, 2, &["همه"])],
        ];
        assert_eq!(ids(&filter_delivery(&lines, "تهران")), [2, 1, 3]);
    }

    #[test]
    fn lowest_priority_zero_excludes_shared() {
        let lines = [
            vec![opt(9, 0, &["همه"]), opt(1, 2, &["همه"])],
            vec![opt(1, 2, &["همه"])],
        ];
        assert_eq!(ids(&filter_delivery(&lines, "تهران")), [9]);
    }

    #[test]
    fn lowest_is_added_even_when_not_shared() {
        let lines = [vec![opt(1, 1, &["همه"])], vec![opt(2, 3, &["همه"])]];
        assert_eq!(ids(&filter_delivery(&lines, "تهران")), [1]);
    }

    #[test]
    fn priority_ties_break_on_smallest_id() {
        let lines = [vec![opt(7, 1, &["همه"]), opt(3, 1, &["همه"])]];
        assert_eq!(ids(&filter_delivery(&lines, "تهران")), [3, 7]);
    }

    #[test]
    fn duplicates_within_a_line_appear_once() {
        let lines = [vec![
            opt(1, 1, &["همه"]),
            opt(2, 2, &["همه"]),
            opt(2, 2, &["همه"]),
        ]];
        assert_eq!(ids(&filter_delivery(&lines, "تهران")), [1, 2]);
    }

    #[test]
    fn same_id_twice_with_different_priorities_appears_once() {
        let lines = [vec![
            opt(1, 1, &["همه"]),
            opt(2, 5, &["همه"]),
            opt(3, 3, &["همه"]),
            opt(2, 2, &["همه"]),
        ]];
        assert_eq!(ids(&filter_delivery(&lines, "تهران")), [1, 3, 2]);
    }

    #[test]
    fn a_line_with_no_options_empties_shared() {
        let lines = [vec![opt(1, 1, &["همه"]), opt(2, 2, &["همه"])], vec![]];
        assert_eq!(ids(&filter_delivery(&lines, "تهران")), [1]);
    }

    #[test]
    fn negative_priority_still_adds_shared() {
        let lines = [vec![opt(1, -1, &["همه"]), opt(2, 2, &["همه"])]];
        assert_eq!(ids(&filter_delivery(&lines, "تهران")), [1, 2]);
    }

    #[test]
    fn city_object_without_name_is_an_error() {
        assert!(serde_json::from_str::<DeliveryOption>(
            r#"{"Id":1,"Priority":1,"CityActive":[{"title":"a"}]}"#
        )
        .is_err());
    }

    #[test]
    fn city_objects_and_strings_both_parse() {
        let o: DeliveryOption =
            serde_json::from_str(r#"{"Id":1,"Priority":1,"CityActive":[{"name":"a"},"b"]}"#)
                .unwrap();
        assert_eq!(o.city_active, ["a", "b"]);
        let o: DeliveryOption =
            serde_json::from_str(r#"{"id":1,"priority":1,"CityActive":null}"#).unwrap();
        assert!(o.city_active.is_empty());
    }

    fn option() -> impl Strategy<Value = DeliveryOption> {
        let city = prop_oneof![
            Just("همه"),
            Just("تهران"),
            Just("تهران"),
            Just("شیراز"),
            Just("")
        ];
        (0i64..8, -1i64..4, proptest::collection::vec(city, 0..3))
            .prop_map(|(id, p, cities)| opt(id, p, &cities))
    }

    proptest! {
        #[test]
        fn results_are_offered_options_and_include_the_lowest(
            lines in proptest::collection::vec(proptest::collection::vec(option(), 0..6), 0..5),
            city in prop_oneof![Just("تهران"), Just("شیراز"), Just("")],
        ) {
            let result = filter_delivery(&lines, city);
            let offered: Vec<&DeliveryOption> = lines.iter().flatten().collect();
            for r in &result {
                prop_assert!(offered.contains(&r));
            }
            let unique: std::collections::HashSet<i64> = result.iter().map(|o| o.id).collect();
            prop_assert_eq!(unique.len(), result.len());
            // An oracle independent of `serves`: the generated names are already in folded form,
            // so the spec's reading is plain string equality.
            let serves_city = |o: &DeliveryOption| match o.city_active.first() {
                None => false,
                Some(first) if first == "همه" => true,
                Some(_) => !city.is_empty() && o.city_active.iter().any(|c| c == city),
            };
            let lowest = offered.iter().filter(|o| serves_city(o)).min_by_key(|o| (o.priority, o.id));
            match lowest {
                Some(l) => prop_assert_eq!(&result[0], *l),
                None => prop_assert!(result.is_empty()),
            }
        }
    }
}

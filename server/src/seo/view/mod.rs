//! Pure HTML builders: the head tags, sitemap and robots.txt ([`head`]), and the product
//! page's static hero ([`hero`]).

pub mod head;
pub mod hero;

//! Strings across the boundary through two buffers the module keeps, instead of
//! wasm-bindgen's string glue.
//!
//! Measured in bench/README.md: for a short string the glue's costs were the crossing, not the
//! rule. In, `as_string` allocates through three calls back into the module (malloc, then two
//! reallocs around `TextEncoder.encodeInto`); out, `TextDecoder` decodes UTF-8, which for
//! Persian text costs more than the rule that produced it. Here a string is written once into
//! a buffer that lives as long as the module (by hand when short, with `encodeInto` when
//! long), and an answer goes back as UTF-16, which JS turns into a string without decoding.

use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(inline_js = r#"
let memory = null;
let bytes = new Uint8Array(0);
let units = new Uint16Array(0);
let room = new Uint8Array(0);
const encoder = new TextEncoder();
const utf16 = new TextDecoder('utf-16le');
export function set_memory(m) { memory = m; }
// Views of the module's memory, made again after it grows (the old buffer is then detached).
function u8() {
  if (bytes.byteLength === 0) bytes = new Uint8Array(memory.buffer);
  return bytes;
}
function u16() {
  if (units.byteLength === 0) units = new Uint16Array(memory.buffer);
  return units;
}
// `s` as UTF-8 at byte `at`, before byte `end`; the bytes written. The caller has checked the
// room for 3 bytes per UTF-16 unit. A lone surrogate becomes U+FFFD, as with TextEncoder.
function utf8(s, at, end) {
  const n = s.length;
  if (n > 32) {
    // The view is kept while the room stays the same (a detached view has length 0).
    if (room.byteOffset !== at || room.byteLength !== end - at) room = new Uint8Array(memory.buffer, at, end - at);
    return encoder.encodeInto(s, room).written;
  }
  const b = u8();
  let o = at;
  for (let i = 0; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      b[o++] = c;
    } else if (c < 0x800) {
      b[o++] = 0xc0 | (c >> 6);
      b[o++] = 0x80 | (c & 63);
    } else {
      if ((c & 0xfc00) === 0xd800 && i + 1 < n && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        c = 0x10000 + ((c & 0x3ff) << 10) + (s.charCodeAt(++i) & 0x3ff);
        b[o++] = 0xf0 | (c >> 18);
        b[o++] = 0x80 | ((c >> 12) & 63);
      } else {
        if ((c & 0xf800) === 0xd800) c = 0xfffd;
        b[o++] = 0xe0 | (c >> 12);
      }
      b[o++] = 0x80 | ((c >> 6) & 63);
      b[o++] = 0x80 | (c & 63);
    }
  }
  return o - at;
}
// The string `v` as UTF-8 at byte `at` (room for `cap` bytes): the bytes written, -1 when `v`
// is not a string, or -2 - the room it needs.
export function text_in(v, at, cap) {
  if (typeof v !== 'string') return -1;
  if (3 * v.length > cap) return -2 - 3 * v.length;
  return utf8(v, at, at + cap);
}
// The strings of the array `values` (anything else in it as empty) one after another as
// UTF-8 at byte `at` (room for `cap` bytes), the end of each as a u32 at byte `ends` (room for
// `count`; values beyond it are left out, missing ones are empty): the bytes written, -1 when
// `values` is not an array, or -2 - the room it needs.
export function texts_in(values, at, cap, ends, count) {
  if (!Array.isArray(values)) return -1;
  const n = Math.min(values.length, count);
  let need = 0;
  for (let i = 0; i < n; i++) if (typeof values[i] === 'string') need += 3 * values[i].length;
  if (need > cap) return -2 - need;
  const e = new Uint32Array(memory.buffer, ends, count);
  let o = at;
  for (let i = 0; i < count; i++) {
    const v = values[i];
    if (i < n && typeof v === 'string') o += utf8(v, o, at + cap);
    e[i] = o - at;
  }
  return o - at;
}
// `n` UTF-16 units at byte `at` as a string: short ones through an array (the quickest way
// for a few chars, as measured), longer ones by TextDecoder.
function text(at, n) {
  const u = u16(), from = at >>> 1;
  if (n > 16) return utf16.decode(u.subarray(from, from + n));
  const codes = new Array(n);
  for (let i = 0; i < n; i++) codes[i] = u[from + i];
  return String.fromCharCode.apply(null, codes);
}
// `n` ASCII bytes at byte `at` as a string (a short ASCII answer, read where Rust has it).
function ascii(at, n) {
  const b = u8(), codes = new Array(n);
  for (let i = 0; i < n; i++) codes[i] = b[at + i];
  return String.fromCharCode.apply(null, codes);
}
export function ok_ascii(at, n) { return { ok: ascii(at, n) }; }
export function ok_text(at, n) { return { ok: text(at, n) }; }
export function err_text(at, n) { return { err: text(at, n) }; }
"#)]
extern "C" {
    fn set_memory(memory: &JsValue);
    fn text_in(v: &JsValue, at: u32, cap: u32) -> f64;
    fn texts_in(values: &JsValue, at: u32, cap: u32, ends: u32, count: u32) -> f64;
    fn ok_ascii(at: u32, len: u32) -> JsValue;
    fn ok_text(at: u32, units: u32) -> JsValue;
    fn err_text(at: u32, units: u32) -> JsValue;
}

thread_local! {
    /// Strings coming in, as UTF-8; grows to the largest input seen.
    static INPUT: RefCell<Vec<u8>> = RefCell::new(vec![0; 1024]);
    /// The end (byte offset in INPUT) of each value of a `texts` read.
    static ENDS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// Strings going out, as UTF-16.
    static OUTPUT: RefCell<Vec<u16>> = RefCell::new(Vec::with_capacity(256));
}

/// Gives the JS side the module's memory, on the first crossing. (Not a start function:
/// wasm-bindgen would also export it to JS.)
fn ready() {
    thread_local!(static READY: Cell<bool> = const { Cell::new(false) });
    if !READY.get() {
        set_memory(&wasm_bindgen::memory());
        READY.set(true);
    }
}

/// The address of a buffer, as JS sees it (wasm32 addresses are 32 bits).
fn addr<T>(buf: &[T]) -> u32 {
    buf.as_ptr() as usize as u32
}

/// The address of a buffer JS writes into.
fn addr_mut<T>(buf: &mut [T]) -> u32 {
    buf.as_mut_ptr() as usize as u32
}

/// Runs `write` (a JS writer answering bytes written, -1 for the wrong type, -2 - room
/// needed) into INPUT until the room suffices; then `read` on the bytes written.
fn with_input<R>(write: impl Fn(&mut [u8]) -> f64, read: impl FnOnce(&str) -> R) -> Option<R> {
    ready();
    INPUT.with_borrow_mut(|buf| loop {
        let n = write(buf);
        if n == -1.0 || n.is_nan() {
            return None;
        }
        if n < -1.0 {
            // A length JS gave: at most 3 × 2^30, which fits a wasm32 usize.
            buf.resize((-n - 2.0) as usize, 0);
            continue;
        }
        let bytes = buf.get(..n as usize)?;
        // SAFETY: the bytes were written by `utf8` or `TextEncoder.encodeInto` above, which
        // write well-formed UTF-8 only (a lone surrogate becomes U+FFFD) and never cut a
        // character (the room was checked for 3 bytes per UTF-16 unit). The debug build checks.
        debug_assert!(std::str::from_utf8(bytes).is_ok());
        let text = unsafe { std::str::from_utf8_unchecked(bytes) };
        return Some(read(text));
    })
}

/// `f` on the JS string `v` (lent from the input buffer), or `None` when `v` is not a string.
pub fn with_text<R>(v: &JsValue, f: impl FnOnce(&str) -> R) -> Option<R> {
    with_input(|buf| text_in(v, addr_mut(buf), buf.len() as u32), f)
}

/// `f` on the strings of the JS array `values`, as many as `count` (anything but a string is
/// read as empty, a missing one too); `None` when `values` is not an array.
pub fn read_all<R>(values: &JsValue, count: usize, f: impl FnOnce(&[&str]) -> R) -> Option<R> {
    ENDS.with_borrow_mut(|ends| {
        ends.clear();
        ends.resize(count, 0);
        let (at, count) = (addr_mut(ends), count as u32);
        with_input(
            |buf| texts_in(values, addr_mut(buf), buf.len() as u32, at, count),
            |text| {
                let mut start = 0;
                let values: Vec<&str> = ends
                    .iter()
                    .map(|&end| {
                        let value = text.get(start..end as usize).unwrap_or_default();
                        start = end as usize;
                        value
                    })
                    .collect();
                f(&values)
            },
        )
    })
}

/// `s` written as UTF-16 into OUTPUT, handed to the JS builder `make`.
fn write(s: &str, make: fn(u32, u32) -> JsValue) -> JsValue {
    ready();
    OUTPUT.with_borrow_mut(|out| {
        // A UTF-16 string never has more units than its UTF-8 has bytes.
        out.clear();
        out.resize(s.len(), 0);
        let mut n = 0;
        for (slot, unit) in out.iter_mut().zip(s.encode_utf16()) {
            *slot = unit;
            n += 1;
        }
        out.truncate(n);
        make(addr(out), n as u32)
    })
}

/// `{ ok: s }`. A short ASCII answer (a mobile number, a code) is read by JS where it is,
/// with no UTF-16 copy.
pub fn ok(s: &str) -> JsValue {
    if s.len() <= 16 && s.is_ascii() {
        ready();
        return ok_ascii(addr(s.as_bytes()), s.len() as u32);
    }
    write(s, ok_text)
}

/// `{ err: message }`.
pub fn err(message: &str) -> JsValue {
    write(message, err_text)
}

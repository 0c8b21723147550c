/**
 * Encrypted local storage for the session (spec sections 4 and 9: token and user under the keys
 * `token` and `user`, encrypted with a symmetric passphrase).
 *
 * AES-GCM with a 256-bit key derived by PBKDF2 (SHA-256) from the configured passphrase
 * (VITE_STORAGE_PASSPHRASE, with a default). Each value is stored as base64(iv ‖ ciphertext)
 * with a fresh 12-byte IV. Honest note: the passphrase ships inside the bundle, so this keeps
 * the values unreadable to casual inspection and to other programs reading the profile on disk,
 * not to script running in the page; the access token is short-lived for that reason.
 */

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

const DEFAULT_PASSPHRASE = 'laptop-shop:session:v1';
const SALT = new TextEncoder().encode('laptop-shop/storage-salt/v1');
const ITERATIONS = 100_000;
const IV_BYTES = 12;

function passphrase(): string {
  const configured = import.meta.env.VITE_STORAGE_PASSPHRASE as string | undefined;
  return configured && configured.length > 0 ? configured : DEFAULT_PASSPHRASE;
}

let keyPromise: Promise<CryptoKey> | null = null;
let keyFor: string | null = null;

function storageKey(): Promise<CryptoKey> {
  const phrase = passphrase();
  if (!keyPromise || keyFor !== phrase) {
    keyFor = phrase;
    keyPromise = (async () => {
      const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(phrase), 'PBKDF2', false, [
        'deriveKey',
      ]);
      return crypto.subtle.deriveKey(
        { name: 'PBKDF2', salt: SALT, iterations: ITERATIONS, hash: 'SHA-256' },
        material,
        { name: 'AES-GCM', length: 256 },
        false,
        ['encrypt', 'decrypt'],
      );
    })();
    keyPromise.catch(() => {
      keyPromise = null;
    });
  }
  return keyPromise;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Encrypts a JSON-serialisable value. */
export async function encryptValue(value: unknown): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await storageKey(), plain));
  const out = new Uint8Array(iv.length + cipher.length);
  out.set(iv, 0);
  out.set(cipher, iv.length);
  return toBase64(out);
}

/** Decrypts and parses a stored value; throws on tampering, a wrong key or bad JSON. */
export async function decryptValue<T>(stored: string): Promise<T> {
  const bytes = fromBase64(stored);
  if (bytes.length <= IV_BYTES) throw new Error('stored value too short');
  const iv = bytes.slice(0, IV_BYTES);
  const cipher = bytes.slice(IV_BYTES);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, await storageKey(), cipher);
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}

export async function writeSecure(key: string, value: unknown): Promise<void> {
  localStorage.setItem(key, await encryptValue(value));
}

/** Null when nothing is stored under the key; throws when something is stored but unreadable. */
export async function readSecure<T>(key: string): Promise<T | null> {
  const stored = localStorage.getItem(key);
  if (stored === null) return null;
  return decryptValue<T>(stored);
}

export function clearSecure(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

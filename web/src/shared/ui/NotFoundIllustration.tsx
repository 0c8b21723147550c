/** A laptop whose screen shows a question mark and "۴۰۴", drawn inline (no image request). */
export function NotFoundIllustration({ title }: { title: string }) {
  return (
    <svg viewBox="0 0 320 220" className="h-auto w-64 max-w-full sm:w-80" role="img" aria-label={title}>
      <ellipse cx="160" cy="200" rx="130" ry="10" fill="#e2e8f0" />
      <rect x="62" y="30" width="196" height="130" rx="10" fill="#1e40af" />
      <rect x="72" y="40" width="176" height="110" rx="4" fill="#eff6ff" />
      <path d="M20 168h280l-14 22H34z" fill="#1e3a8a" />
      <rect x="138" y="168" width="44" height="5" rx="2.5" fill="#93c5fd" />
      <text
        x="160"
        y="92"
        textAnchor="middle"
        fontFamily="Vazirmatn, sans-serif"
        fontWeight="700"
        fontSize="40"
        fill="#1d4ed8"
      >
        ۴۰۴
      </text>
      <circle cx="160" cy="120" r="14" fill="#f97316" />
      <text x="160" y="127" textAnchor="middle" fontFamily="Vazirmatn, sans-serif" fontWeight="700" fontSize="20" fill="#fff">
        ؟
      </text>
      <circle cx="272" cy="44" r="6" fill="#fdba74" />
      <circle cx="44" cy="70" r="4" fill="#93c5fd" />
      <circle cx="290" cy="110" r="3" fill="#93c5fd" />
    </svg>
  );
}

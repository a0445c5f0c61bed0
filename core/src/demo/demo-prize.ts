// The demo raffles' prize pictures: a pickup with a gift bow (the featured raffle) and a
// phone (the express raffle), drawn as SVG and rendered by sharp, so `npm start` shows
// each raffle's own prize rather than a blank frame, without fetching anything from
// outside. 1280×720, the hero's frame.
import sharp from 'sharp';

const CONFETTI = [
  [120, 110, '#fbbf24', 20],
  [260, 70, '#f472b6', -30],
  [420, 140, '#34d399', 45],
  [1180, 300, '#f472b6', 15],
  [980, 80, '#60a5fa', -20],
  [80, 420, '#60a5fa', 35],
  [640, 90, '#fbbf24', -45],
  [1200, 560, '#34d399', 25],
  [170, 620, '#fbbf24', -15],
  [560, 640, '#f472b6', 40],
] as const;

const confetti = CONFETTI.map(
  ([x, y, color, angle]) =>
    `<rect x="${x}" y="${y}" width="26" height="12" rx="3" fill="${color}" transform="rotate(${angle} ${x + 13} ${y + 6})"/>`,
).join('');

const wheel = (cx: number) => `
  <circle cx="${cx}" cy="520" r="78" fill="#2e1065"/>
  <circle cx="${cx}" cy="520" r="62" fill="#111827"/>
  <circle cx="${cx}" cy="520" r="36" fill="#cbd5e1"/>
  <circle cx="${cx}" cy="520" r="13" fill="#64748b"/>`;

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#3b0764"/>
      <stop offset="0.55" stop-color="#6d28d9"/>
      <stop offset="1" stop-color="#f59e0b"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.55" cy="0.55" r="0.5">
      <stop offset="0" stop-color="#fde68a" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#fde68a" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="1" stop-color="#cbd5e1"/>
    </linearGradient>
  </defs>
  <rect width="1280" height="720" fill="url(#sky)"/>
  <rect width="1280" height="720" fill="url(#glow)"/>
  ${confetti}
  <ellipse cx="650" cy="600" rx="470" ry="34" fill="#1e1b4b" opacity="0.45"/>
  <path d="M250 470 V372 Q250 360 262 360 H600 V300 Q604 250 662 246 H800 Q838 248 858 292 L898 368 L1010 384 Q1046 392 1048 432 V470 Z" fill="url(#paint)"/>
  <rect x="232" y="440" width="830" height="64" rx="22" fill="#94a3b8"/>
  <path d="M632 362 V306 Q634 278 668 274 H782 Q806 276 820 302 L852 362 Z" fill="#1e3a8a"/>
  <rect x="734" y="272" width="12" height="92" fill="url(#paint)"/>
  <rect x="262" y="372" width="326" height="10" rx="5" fill="#e2e8f0"/>
  <rect x="1012" y="400" width="34" height="20" rx="6" fill="#fef3c7"/>
  <rect x="242" y="384" width="16" height="34" rx="5" fill="#ef4444"/>
  ${wheel(390)}
  ${wheel(900)}
  <g fill="#dc2626">
    <ellipse cx="692" cy="222" rx="56" ry="24" transform="rotate(-22 692 222)"/>
    <ellipse cx="808" cy="222" rx="56" ry="24" transform="rotate(22 808 222)"/>
    <path d="M742 236 L700 300 H728 L750 252 L772 300 H800 L758 236 Z"/>
  </g>
  <circle cx="750" cy="236" r="18" fill="#b91c1c"/>
  <circle cx="1090" cy="150" r="92" fill="#f59e0b" stroke="#fff" stroke-width="8"/>
  <text x="1090" y="169" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="54" font-weight="bold" fill="#3b0764">0 km</text>
</svg>`;

const PHONE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0f172a"/>
      <stop offset="0.6" stop-color="#4c1d95"/>
      <stop offset="1" stop-color="#db2777"/>
    </linearGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#60a5fa"/>
      <stop offset="0.5" stop-color="#a78bfa"/>
      <stop offset="1" stop-color="#f472b6"/>
    </linearGradient>
    <linearGradient id="frame" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#e5e7eb"/>
      <stop offset="1" stop-color="#9ca3af"/>
    </linearGradient>
  </defs>
  <rect width="1280" height="720" fill="url(#sky)"/>
  ${confetti}
  <ellipse cx="640" cy="668" rx="250" ry="22" fill="#020617" opacity="0.5"/>
  <g transform="rotate(-8 520 360)">
    <rect x="410" y="70" width="300" height="590" rx="52" fill="url(#frame)"/>
    <rect x="424" y="84" width="272" height="562" rx="42" fill="#111827"/>
    <rect x="436" y="96" width="248" height="538" rx="34" fill="url(#screen)"/>
    <rect x="520" y="112" width="80" height="24" rx="12" fill="#111827"/>
    <g fill="#ffffff" opacity="0.9">
      <rect x="466" y="190" width="52" height="52" rx="14"/>
      <rect x="534" y="190" width="52" height="52" rx="14"/>
      <rect x="602" y="190" width="52" height="52" rx="14"/>
      <rect x="466" y="262" width="52" height="52" rx="14"/>
      <rect x="534" y="262" width="52" height="52" rx="14"/>
      <rect x="602" y="262" width="52" height="52" rx="14"/>
    </g>
  </g>
  <g transform="rotate(10 820 380)">
    <rect x="690" y="110" width="290" height="570" rx="50" fill="#1f2937"/>
    <rect x="706" y="126" width="258" height="538" rx="40" fill="#374151"/>
    <rect x="726" y="148" width="130" height="130" rx="34" fill="#111827"/>
    <circle cx="762" cy="184" r="24" fill="#0f172a" stroke="#64748b" stroke-width="6"/>
    <circle cx="820" cy="184" r="24" fill="#0f172a" stroke="#64748b" stroke-width="6"/>
    <circle cx="762" cy="242" r="24" fill="#0f172a" stroke="#64748b" stroke-width="6"/>
    <circle cx="822" cy="242" r="8" fill="#fde68a"/>
  </g>
  <circle cx="1090" cy="150" r="92" fill="#f59e0b" stroke="#fff" stroke-width="8"/>
  <text x="1090" y="168" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" font-weight="bold" fill="#3b0764">128 GB</text>
</svg>`;

const jpeg = (svg: string) =>
  sharp(Buffer.from(svg)).jpeg({ quality: 86, mozjpeg: true }).toBuffer();

/** The featured demo raffle's prize: a pickup. */
export function demoPrizePicture(): Promise<Buffer> {
  return jpeg(SVG);
}

/** The express demo raffle's prize: a phone. */
export function demoPhonePicture(): Promise<Buffer> {
  return jpeg(PHONE_SVG);
}

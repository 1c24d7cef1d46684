/**
 * The login image code: 4 characters, stored under the client's randomStr for IMAGE_CODE_SECONDS, single
 * use (checking consumes it, right or wrong). `AUTH_CAPTCHA=off` turns the check off, for automated tests only.
 */
import { randomInt } from 'node:crypto';
import { AUTH_RULES } from '@shared/schemas/admin.ts';
import { LIMITS } from '@shared/schemas/identity.ts';
import { putImageCode, takeImageCode } from '@functions/data/captcha.ts';
import { badRequest } from '@functions/lib/errors.ts';

/** No 0/O, 1/I/l: a person must be able to read it. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const captchaEnabled = () => process.env.AUTH_CAPTCHA !== 'off';

export function checkRandomStr(randomStr: string | undefined): string {
  if (!randomStr || !/^[A-Za-z0-9_-]{4,64}$/.test(randomStr)) throw badRequest('server.randomStrInvalid');
  return randomStr;
}

export async function issueImageCode(randomStr: string): Promise<string> {
  const code = Array.from(
    { length: LIMITS.imageCodeLength },
    () => ALPHABET[randomInt(ALPHABET.length)],
  ).join('');
  await putImageCode(randomStr, {
    code,
    expiresAt: Math.floor(Date.now() / 1000) + AUTH_RULES.imageCodeSeconds,
  });
  return code;
}

/** Consumes the code stored for randomStr; throws a clear answer when it is wrong, expired or unknown. */
export async function verifyImageCode(
  randomStr: string | undefined,
  code: string | undefined,
): Promise<void> {
  if (!captchaEnabled()) return;
  if (!code) throw badRequest('server.imageCodeRequired');
  const stored = await takeImageCode(checkRandomStr(randomStr));
  // DynamoDB deletes expired items lazily (and DynamoDB Local never): the expiry is checked here.
  if (!stored || stored.expiresAt * 1000 < Date.now()) throw badRequest('server.imageCodeExpired');
  if (stored.code.toUpperCase() !== code.trim().toUpperCase()) throw badRequest('server.imageCodeWrong');
}

/** The code as an SVG image: jittered glyphs over noise lines, readable by people, not by a plain OCR. */
export function renderImageCode(code: string): string {
  const width = 100;
  const height = 38;
  const r = (min: number, max: number) => min + randomInt(Math.round((max - min) * 100) + 1) / 100;
  const colour = () => `hsl(${randomInt(360)},60%,${randomInt(25, 45)}%)`;
  const lines = Array.from(
    { length: 5 },
    () =>
      `<line x1="${r(0, width)}" y1="${r(0, height)}" x2="${r(0, width)}" y2="${r(0, height)}" stroke="${colour()}" stroke-width="1"/>`,
  );
  const glyphs = [...code].map((ch, i) => {
    const x = 14 + i * 22 + r(-3, 3);
    const y = 27 + r(-4, 4);
    return `<text x="${x}" y="${y}" transform="rotate(${r(-25, 25)} ${x} ${y})" fill="${colour()}" font-family="monospace" font-size="${r(22, 27)}" font-weight="bold">${ch}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f4f6f8"/>${lines.join('')}${glyphs.join('')}</svg>`;
}

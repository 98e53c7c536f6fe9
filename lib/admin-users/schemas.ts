import { z } from 'zod';
import { PLATFORMS, type Platform } from '@/lib/catalogue/services';

/** §3 profession options (the stored value is the Turkish text, as the registration form sends it). */
export const PROFESSIONS = ['Sosyal Medya Uzmanı', 'İşletme Sahibi', 'Influencer', 'Diğer'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD = 6;

/** PostgreSQL text cannot hold NUL; such input is refused rather than failing in the database. */
const noNul = (s: string) => !s.includes('\u0000');
const text = (max: number) => z.string().trim().max(max).refine(noNul).default('');
/** A database id (PostgreSQL integer). */
const dbId = (message?: string) => z.coerce.number({ message }).int({ message }).positive({ message }).max(2_147_483_647, { message });

/**
 * POST /users (§5 admin create user): name, e-mail and password required ('Ad, email ve şifre
 * zorunludur.'), the confirmation matches when sent ('Şifreler eşleşmiyor.'), at least 6
 * characters ('Şifre en az 6 karakter olmalıdır.'). `ad` and `ad_soyad` are the same name (§7 sends both).
 */
export const createUserSchema = z
  .object({
    ad: text(120),
    ad_soyad: text(120),
    email: text(254).transform((v) => v.toLowerCase()),
    telefon: text(32),
    meslek: text(60),
    sifre: z.string().max(200).default(''),
    sifre_tekrar: z.string().max(200).optional(),
    rol: z.enum(['user', 'admin']).default('user'),
  })
  .superRefine((v, ctx) => {
    const name = v.ad_soyad || v.ad;
    if (!name || !v.email || !v.sifre) {
      ctx.addIssue({ code: 'custom', message: 'AdminValidation.userRequired', path: [!name ? 'ad' : !v.email ? 'email' : 'sifre'] });
      return;
    }
    if (!EMAIL.test(v.email)) ctx.addIssue({ code: 'custom', message: 'AdminValidation.emailInvalid', path: ['email'] });
    if (v.sifre_tekrar !== undefined && v.sifre !== v.sifre_tekrar) {
      ctx.addIssue({ code: 'custom', message: 'AdminValidation.passwordMismatch', path: ['sifre_tekrar'] });
    }
    if (v.sifre.length < MIN_PASSWORD) ctx.addIssue({ code: 'custom', message: 'AdminValidation.passwordMin', path: ['sifre'] });
    if (v.meslek && !(PROFESSIONS as readonly string[]).includes(v.meslek)) {
      ctx.addIssue({ code: 'custom', message: 'AdminValidation.professionInvalid', path: ['meslek'] });
    }
  });
export type CreateUserInput = z.output<typeof createUserSchema>;

/**
 * PUT /users/{id} (§5 edit user: name and e-mail required). Fields left out keep their value;
 * a non-empty `sifre` sets a new password (same rules as on creation).
 */
export const updateUserSchema = z
  .object({
    ad: text(120),
    ad_soyad: text(120),
    email: text(254).transform((v) => v.toLowerCase()),
    telefon: z.string().trim().max(32).refine(noNul).optional(),
    meslek: z.string().trim().max(60).refine(noNul).optional(),
    rol: z.enum(['user', 'admin']).optional(),
    aktif: z.boolean().optional(),
    sifre: z.string().max(200).optional(),
    sifre_tekrar: z.string().max(200).optional(),
  })
  .superRefine((v, ctx) => {
    const name = v.ad_soyad || v.ad;
    if (!name || !v.email) {
      ctx.addIssue({ code: 'custom', message: 'AdminValidation.userEditRequired', path: [!name ? 'ad' : 'email'] });
      return;
    }
    if (!EMAIL.test(v.email)) ctx.addIssue({ code: 'custom', message: 'AdminValidation.emailInvalid', path: ['email'] });
    if (v.sifre) {
      if (v.sifre_tekrar !== undefined && v.sifre !== v.sifre_tekrar) {
        ctx.addIssue({ code: 'custom', message: 'AdminValidation.passwordMismatch', path: ['sifre_tekrar'] });
      }
      if (v.sifre.length < MIN_PASSWORD) ctx.addIssue({ code: 'custom', message: 'AdminValidation.passwordMin', path: ['sifre'] });
    }
    if (v.meslek && !(PROFESSIONS as readonly string[]).includes(v.meslek)) {
      ctx.addIssue({ code: 'custom', message: 'AdminValidation.professionInvalid', path: ['meslek'] });
    }
  });
export type UpdateUserInput = z.output<typeof updateUserSchema>;

/** A comma-joined list (§3 "platform (comma-joined list)") or an array, of known platforms. */
const platformList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((p) => p.trim().toLowerCase()).filter(Boolean))
  .pipe(
    z
      .array(z.enum(PLATFORMS, { message: 'AdminValidation.platformUnknown' }))
      .min(1, { message: 'AdminValidation.platformRequired' }),
  );

const optionalDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v.trim() === '') return undefined;
    const d = new Date(v);
    // Dates outside 2000–2999 are typing mistakes (and beyond PostgreSQL's range at the extremes).
    if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 2000 || d.getUTCFullYear() > 2999) {
      ctx.addIssue({ code: 'custom', message: 'AdminValidation.dateInvalid' });
      return z.NEVER;
    }
    return d;
  });

/** POST /kullanici-paketleri {kullanici_id, paket_id, platform, baslangic_tarihi, bitis_tarihi}. */
export const assignPackagesSchema = z.object({
  kullanici_id: dbId('AdminValidation.userRequiredForAssign'),
  paket_id: dbId('AdminValidation.packageRequired'),
  platform: z.union([z.string(), z.array(z.string()), z.undefined(), z.null()]).transform((v) => v ?? '').pipe(platformList),
  baslangic_tarihi: optionalDate,
  bitis_tarihi: optionalDate,
});
export type AssignPackagesInput = z.output<typeof assignPackagesSchema> & { platform: Platform[] };

/** GET /users/with-packages?q=&limit=&offset=: search and paging (without them, every user). */
export const userSearchSchema = z.object({
  q: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** §3 Limit info as GET /api/users/limits/me returns it. */
export type LimitView = {
  profil_limit: number | null;
  gunluk_limit: number | null;
  hizmet_detaylari: Record<string, { kullanilan: number }>;
  reset_suresi: { saat: number; dakika: number };
  sinirsiz?: boolean;
};

/** Issue #33 item 7: the service's price per action when pay-per-action is on for it (the same for every customer). */
export type PerActionView = { priceCents: number; maxProfiles: number };

/** `isAdmin`: an admin session (lib/domain/credentials exemptFromLimits), shown no caps or limits; the admin account through the customer login is a customer. */
export type Viewer = { loggedIn: false } | { loggedIn: true; isAdmin: boolean; socketToken: string | null };

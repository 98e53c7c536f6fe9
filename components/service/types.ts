/** §3 Limit info as GET /api/users/limits/me returns it. */
export type LimitView = {
  profil_limit: number | null;
  gunluk_limit: number | null;
  hizmet_detaylari: Record<string, { kullanilan: number }>;
  reset_suresi: { saat: number; dakika: number };
  sinirsiz?: boolean;
};

export type Viewer = { loggedIn: false } | { loggedIn: true; isAdmin: boolean; socketToken: string | null };

/**
 * What a platform is, as data (issue #34): one folder per platform under `platforms/` holds its
 * descriptor (this shape) and its simulator data; `platforms/index.ts` lists them. Everything else
 * — the send schemas and routes, the profile list, the service page, prices, the reseller API, the
 * history viewer — reads the registry instead of naming a platform or a service. Plain data and
 * pure functions only: the browser imports it too.
 */
export type ServiceDescriptor = {
  /** Our key: the endpoint key an admin sets, the reseller API's `key`, the message `Services.<key>`. */
  readonly key: string;
  /** The reseller API's service number (issue #33): fixed forever, never reused; new services take a higher one. */
  readonly id: number;
  /** The §7 send path after `/api/<platform>/` (e.g. `reels-like`). */
  readonly path: string;
  /**
   * What the send takes besides the profiles: `link` (the platform's link field), `prompt` (the
   * link and an optional prompt that steers the comment), `text` (a new post's text and an
   * optional post to quote).
   */
  readonly input: 'link' | 'prompt' | 'text';
  /** Which links the service acts on: posts, or (a subscription) also the account's own page. */
  readonly targets: readonly ('post' | 'account')[];
  /** Paid per profile from the balance by the profile's followers (§9 new tweets). */
  readonly paidByFollowers?: boolean;
  /** Other spellings accepted in page URLs (§2: `new-tweet`). */
  readonly aliases?: readonly string[];
  /** Left out of the subscription page's per-service usage (as that page has always shown it). */
  readonly hiddenInUsage?: boolean;
};

export type PlatformDescriptor = {
  /** The platform's key (`platforms.ad`, the `platform` enum, `/api/<key>/…`, `Platforms.<key>`). */
  readonly key: string;
  /** The §7 body field that carries the target link of every send but a new post. */
  readonly linkField: string;
  /** The message key of a link this platform does not take. */
  readonly linkMessage: string;
  /** The links the platform's sends take: its posts, and its account pages (for subscriptions). */
  readonly patterns: { readonly post: readonly RegExp[]; readonly account?: readonly RegExp[] };
  /** An example link for the link field's placeholder (per language in messages; this one for docs and tests). */
  readonly exampleLink: string;
  /**
   * The endpoint keys an admin sets besides the services': `profile_list`, `islem_durumu` where the
   * provider has a status call, and `target_info` (contract 1.3, optional: a target's language and niche).
   */
  readonly extraEndpoints: readonly string[];
  // Issue #36 item 6 (contract 1.4): `comment_drafts`, optional, on platforms with a comment service.
  /**
   * Issue #37: a watched account as a customer types it, a handle (without `@`) or its page's link
   * (the handle captured); a platform without it cannot be watched.
   */
  readonly watchAccount?: { readonly handle: RegExp; readonly url: RegExp };
  /** Whether a profile's follower count is shown and sorted by (not for channels whose count means subscribers). */
  readonly showsFollowers: boolean;
  /** The public page of a profile's handle. */
  readonly profileUrl: (handle: string) => string;
  /** §7 wire names of the profile list's platform fields (kept as the spec names them). */
  readonly profileFields: { readonly followers?: string; readonly username?: string };
  /** The site setting "minimum profiles per send" (§3 `twitter_min_profiles`) applies to this platform's sends. */
  readonly minProfilesSetting?: boolean;
  /**
   * §4 live status on a platform whose provider has no status call: a final event may come without
   * per-profile results (the order's count then settles the pending profiles), and a repeated event
   * counts as new after this many milliseconds.
   */
  readonly liveEvents?: { readonly finalWithoutResults: boolean; readonly duplicateWindowMs: number };
  /** §2: the service pages of this platform show the platform's own tips (`Tips.<key>`), and rotate the prompt's examples this often. */
  readonly pageTips?: boolean;
  readonly promptRotateMs?: number;
  /** The service page's label of the link field (`ServicePage.<key>`), and of an account link where a service takes one. */
  readonly linkLabel: string;
  /** Brand colour (for charts and badges) and the icon's name. */
  readonly color: string;
  readonly services: readonly ServiceDescriptor[];
};

/** What the simulated provider needs to know of a platform (lib/domain/provider/sim): its data, not its code. */
export type PlatformSim = {
  /** The provider ids of its profiles: `<prefix>_1001`, … */
  readonly prefix: string;
  /** How its handles look: a person's (`ayse.kaya`, `emre_travel`) or a channel's (`travelwithemre`). */
  readonly handles: 'person' | 'channel';
  /** The proof of each service's successful action (contract 1.1); a service missing here leaves no public trace. */
  readonly proofs: Readonly<Record<string, (c: ProofContext) => { proof_url?: string; text?: string }>>;
  /** Contract 1.2: the typical size of a target's count per service (a post's likes outnumber its comments). */
  readonly countScale: Readonly<Record<string, number>>;
  /** Contract 1.6 (issue #37): the link of an account's post `n` (a number of up to 19 digits) for account_posts. */
  readonly postUrl?: (account: string, n: string) => string;
  /** Contract 1.3: the year the platform opened, the earliest a simulated account was created. */
  readonly accountsSince: number;
};

/** What a proof is made from: fixed by (order, profile), like every outcome of the simulator. */
export type ProofContext = {
  /** The acting profile's handle, URL-encoded. */
  readonly user: string;
  /** A numeric id of `digits` digits fixed by the order, the profile and `salt`. */
  readonly numericId: (salt: string, digits: number) => string;
  /** A generated comment that echoes the prompt's first words. */
  readonly comment: () => string;
  /** The send's target link and, for a new post, its text. */
  readonly targetUrl?: string;
  readonly text?: string;
};

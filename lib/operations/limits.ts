// The send limits and link formats of §7, without zod: the service page reads them with the page,
// and loads the schemas (schemas.ts, which re-exports these) only when it checks a send.
export const TWEET_MAX = 280;
export const PROMPT_MAX = 500;
export const MAX_PROFILES_PER_SEND = 500;

const TWITTER_STATUS = /^https:\/\/(?:www\.|mobile\.)?(?:x|twitter)\.com\/(?:[A-Za-z0-9_]{1,15}|i\/web|i)\/status\/\d{1,25}\/?(?:[?#]\S*)?$/i;
const INSTAGRAM_REEL = /^https:\/\/(?:www\.)?instagram\.com\/(?:[A-Za-z0-9_.]{1,30}\/)?reels?\/[A-Za-z0-9_-]{5,40}\/?(?:[?#]\S*)?$/i;
const YOUTUBE_VIDEO = [
  /^https:\/\/(?:www\.|m\.|music\.)?youtube\.com\/watch\?(?:\S*&)?v=[A-Za-z0-9_-]{11}(?:[&#]\S*)?$/i,
  /^https:\/\/youtu\.be\/[A-Za-z0-9_-]{11}\/?(?:[?#]\S*)?$/i,
  /^https:\/\/(?:www\.|m\.)?youtube\.com\/shorts\/[A-Za-z0-9_-]{11}\/?(?:[?#]\S*)?$/i,
];
const YOUTUBE_CHANNEL = /^https:\/\/(?:www\.|m\.)?youtube\.com\/(?:@[A-Za-z0-9._-]{3,30}|channel\/UC[A-Za-z0-9_-]{22}|c\/[^/?#\s]{1,100}|user\/[^/?#\s]{1,100})\/?(?:[?#]\S*)?$/i;

export const isTweetUrl = (url: string) => TWITTER_STATUS.test(url.trim());
export const isReelUrl = (url: string) => INSTAGRAM_REEL.test(url.trim());
export const isYoutubeVideoUrl = (url: string) => YOUTUBE_VIDEO.some((re) => re.test(url.trim()));
export const isYoutubeChannelUrl = (url: string) => YOUTUBE_CHANNEL.test(url.trim());

/** Counts user-perceived characters roughly as the platform does (code points, not UTF-16 units). */
export const textLength = (text: string) => [...text].length;

/** The form's "spread over" choices, in minutes (0: off). */
export const SPREAD_CHOICES = [0, 15, 60, 360, 1440] as const;

export {
  NEW_TWEET_TIERS,
  profilePriceCents,
  newTweetPriceCents,
  parseFollowersText,
  formatFollowers,
} from './new-tweet-price';
export { centsToDollars } from '@/lib/infra/money';

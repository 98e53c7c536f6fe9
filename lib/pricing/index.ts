export {
  NEW_TWEET_TIERS,
  profilePriceCents,
  newTweetPriceCents,
  centsToDollars,
  parseFollowersText,
  formatFollowers,
} from './new-tweet-price';

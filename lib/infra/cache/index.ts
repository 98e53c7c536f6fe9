export { createTtlCache, type TtlCacheOptions } from './ttl-cache';
export { publicContentChanged, publicGeneration } from './public-content';
export { tableVersionSql } from './table-version';

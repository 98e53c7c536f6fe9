'use client';

import { useEffect } from 'react';
import { watchUnauthorized } from './session-expiry';

/** Mounted once in the root layout: every 401 of our API clears the stored session (§8). */
export function SessionExpiryWatch() {
  useEffect(() => watchUnauthorized(window), []);
  return null;
}

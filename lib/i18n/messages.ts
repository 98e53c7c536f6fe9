import tr from '@/messages/tr.json';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import type { Locale } from './routing';

export type Messages = typeof tr;

/** All catalogues, bundled: the server needs every language to answer each request in its own. */
export const catalogues: Record<Locale, Messages> = { tr, en: en as Messages, de: de as Messages };

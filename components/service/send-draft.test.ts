import { beforeEach, describe, expect, it } from 'vitest';
import { safeReturnPath, saveDraft, takeDraft } from './send-draft';
import { EMPTY_FIELDS } from './use-service-form';

/** The tab's sessionStorage as the browser keeps it: strings by key. */
class TabStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
}
let store: TabStorage;

describe("a visitor's send draft across the trip to /login", () => {
  beforeEach(() => {
    store = new TabStorage();
  });

  it('puts back the ticked profiles and the typed link once', () => {
    saveDraft('like', { selected: [3, 7], fields: { ...EMPTY_FIELDS, url: 'https://x.com/a/status/1' } }, 1000, store);
    expect(takeDraft('like', 2000, store)).toEqual({ selected: [3, 7], fields: { ...EMPTY_FIELDS, url: 'https://x.com/a/status/1' } });
    expect(takeDraft('like', 2000, store)).toBeNull();
  });

  it('keeps drafts per service, forgets an old one and ignores what was tampered with', () => {
    saveDraft('like', { selected: [1], fields: EMPTY_FIELDS }, 0, store);
    expect(takeDraft('retweet', 10, store)).toBeNull();
    expect(takeDraft('like', 2 * 3600_000, store)).toBeNull();
    store.setItem('etk:send-draft:like', JSON.stringify({ savedAt: 5, selected: ['1', -2, 4], fields: { url: 9, prompt: 'p', when: 'later', evil: 'x' } }));
    expect(takeDraft('like', 10, store)).toEqual({ selected: [4], fields: { ...EMPTY_FIELDS, prompt: 'p' } });
    store.setItem('etk:send-draft:like', '{not json');
    expect(takeDraft('like', 10, store)).toBeNull();
  });

  it('returns only to a page of this site', () => {
    expect(safeReturnPath('/service/like')).toBe('/service/like');
    expect(safeReturnPath('/panel')).toBe('/panel');
    expect(safeReturnPath('/service/like?repeat=123')).toBe('/service/like?repeat=123');
    for (const bad of ['/service/like?repeat=1&next=//evil.example', '/service/like?repeat=abc', '/panel?repeat=1', '/service/like?x=1']) expect(safeReturnPath(bad), bad).toBeNull();
    for (const bad of ['//evil.example', 'https://evil.example/service', '/service/../../x', '/\\evil', '/login', null, '']) expect(safeReturnPath(bad)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { createTranslator } from 'use-intl/core';
import { withFallback } from './messages';

describe('the runtime fallback to English (§9)', () => {
  it('fills a message a catalogue lacks with the English one, at any depth, and keeps its own', () => {
    const en = { Panel: { title: 'Overview', tabs: { support: 'Support', settings: 'Settings' } }, Only: { en: 'English only' } };
    const de = { Panel: { title: 'Übersicht', tabs: { settings: 'Einstellungen' } } };
    const merged = withFallback(de, en);
    expect(merged).toEqual({ Panel: { title: 'Übersicht', tabs: { support: 'Support', settings: 'Einstellungen' } }, Only: { en: 'English only' } });
    const t = createTranslator({ locale: 'de', messages: merged });
    expect(t('Panel.tabs.support')).toBe('Support');
    expect(t('Panel.tabs.settings')).toBe('Einstellungen');
  });
});

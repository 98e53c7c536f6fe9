import { describe, expect, it } from 'vitest';
import { createTranslator } from 'use-intl/core';
import en from '@/messages/en.json';
import tr from '@/messages/tr.json';
import de from '@/messages/de.json';
import { promptExamples } from './prompt-examples';

describe('the prompt placeholders (§2)', () => {
  it("are the service's own examples when the catalogue has them", () => {
    const t = createTranslator({ locale: 'en', messages: en });
    const examples = promptExamples(t as never, 'comment');
    expect(examples).toHaveLength(10);
    expect(examples[0]).toBe(en.Placeholders.comment.e1);
  });

  it('fall back to the built-in general list, in every language, for a service the catalogue has none for', () => {
    for (const [locale, messages] of [['tr', tr], ['en', en], ['de', de]] as const) {
      const t = createTranslator({ locale, messages });
      const examples = promptExamples(t as never, 'myspace_comment');
      expect(examples.length).toBeGreaterThanOrEqual(5);
      expect(examples).toEqual(Object.values(messages.Placeholders.fallback));
      for (const e of examples) expect(e).not.toMatch(/Placeholders\./);
    }
  });
});

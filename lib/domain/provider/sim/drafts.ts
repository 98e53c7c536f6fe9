import { hashUnit } from './random';
import { simTargetFacts } from './target-facts';

/**
 * Contract 1.4 (issue #36 item 6): the simulated provider's comment drafts. Each draft is written
 * in the target's language (simTargetFacts; a language the simulator does not write falls back to
 * English) and echoes the prompt's topic; each profile has its own voice, fixed by its id: formal
 * or casual, short, medium or long, with or without emoji. One answer never holds two equal
 * drafts, and asking again for the same (target, profile) gives the next variant, so a redraft
 * differs from the last one.
 */
type Voice = { formal: boolean; length: 0 | 1 | 2; emoji: 0 | 1 | 2 };

type Phrases = {
  open: { formal: readonly string[]; casual: readonly string[] };
  /** `{topic}` is replaced by the prompt's first words; without a prompt the `plain` list is used. */
  topic: readonly string[];
  plain: readonly string[];
  more: readonly string[];
  close: { formal: readonly string[]; casual: readonly string[] };
};

const PHRASES: Record<'tr' | 'en' | 'de', Phrases> = {
  tr: {
    open: {
      formal: ['Çok değerli bir paylaşım olmuş.', 'Emeğinize sağlık.', 'Gerçekten faydalı bir içerik.', 'Bu konuyu gündeme getirdiğiniz için teşekkürler.'],
      casual: ['Bayıldım!', 'Süper olmuş ya.', 'Tam aradığım şey!', 'Vay be, harika.', 'Kesinlikle katılıyorum.'],
    },
    topic: ['"{topic}" konusunda çok isabetli tespitler.', '{topic} hakkında bunu okumak iyi geldi.', '{topic} üzerine en net anlatım bu.', '{topic} meselesini böyle görmemiştim.'],
    plain: ['Anlatım çok net.', 'Her cümlesine katılıyorum.', 'Kaydettim, tekrar bakacağım.', 'Herkesin görmesi lazım.'],
    more: ['Devamını merakla bekliyorum.', 'Arkadaşlarımla da paylaşacağım.', 'Özellikle son kısım çok iyiydi.', 'Bir dahaki paylaşımı kaçırmam.'],
    close: { formal: ['Başarılarınızın devamını dilerim.', 'Saygılarımla.', 'Teşekkürler.'], casual: ['Eline sağlık!', 'Devam!', 'Helal olsun.'] },
  },
  en: {
    open: {
      formal: ['This is a very thoughtful post.', 'Thank you for sharing this.', 'A genuinely useful read.', 'I appreciate you raising this.'],
      casual: ['Love this!', 'So good.', 'Exactly what I needed today!', 'Wow, nailed it.', 'Totally agree.'],
    },
    topic: ['Spot on about {topic}.', 'Great take on {topic}.', 'Best explanation of {topic} I have seen.', 'Never thought about {topic} this way.'],
    plain: ['Clear and to the point.', 'Agree with every word.', 'Saving this for later.', 'Everyone should see this.'],
    more: ['Looking forward to the next one.', 'Sharing this with my friends.', 'The last part especially stood out.', 'Will keep an eye on your posts.'],
    close: { formal: ['Best wishes.', 'Kind regards.', 'Many thanks.'], casual: ['Keep it up!', 'More of this please!', 'Respect.'] },
  },
  de: {
    open: {
      formal: ['Ein sehr durchdachter Beitrag.', 'Vielen Dank für diesen Beitrag.', 'Wirklich lesenswert.', 'Danke, dass Sie das ansprechen.'],
      casual: ['Mega!', 'Richtig gut.', 'Genau das hab ich heute gebraucht!', 'Wow, stark.', 'Absolut richtig.'],
    },
    topic: ['Treffend zum Thema {topic}.', 'Starke Sicht auf {topic}.', 'Die beste Erklärung zu {topic}, die ich kenne.', 'So habe ich {topic} noch nie gesehen.'],
    plain: ['Klar und auf den Punkt.', 'Jedem Wort stimme ich zu.', 'Direkt gespeichert.', 'Das sollten alle sehen.'],
    more: ['Ich freue mich auf den nächsten Beitrag.', 'Teile ich mit meinen Freunden.', 'Vor allem der letzte Teil war stark.', 'Ich bleibe dran.'],
    close: { formal: ['Viele Grüße.', 'Herzlichen Dank.', 'Alles Gute.'], casual: ['Weiter so!', 'Mehr davon!', 'Top.'] },
  },
};

const EMOJI = ['🔥', '👏', '💯', '🙌', '✨', '👍', '😍', '🚀'] as const;

/** The languages the simulator writes drafts in; any other target language gets English. */
export function draftLanguage(target: string): 'tr' | 'en' | 'de' {
  const { language } = simTargetFacts(target);
  return language === 'tr' || language === 'de' ? language : 'en';
}

/** A profile's voice, fixed by its provider id. */
export function simVoice(profileId: string): Voice {
  return {
    formal: hashUnit(`voice-formal|${profileId}`) < 0.45,
    length: Math.floor(hashUnit(`voice-length|${profileId}`) * 3) as 0 | 1 | 2,
    emoji: Math.floor(hashUnit(`voice-emoji|${profileId}`) * 3) as 0 | 1 | 2,
  };
}

const pick = <T>(list: readonly T[], key: string): T => list[Math.floor(hashUnit(key) * list.length)]!;

/** The prompt's topic as the drafts echo it: its first six words, without trailing punctuation. */
export function promptTopic(prompt: string): string {
  return prompt.trim().split(/\s+/).slice(0, 6).join(' ').replace(/[.,;:!?]+$/, '');
}

/** One draft of `profileId` on `target`, variant `n` (0, 1, …). */
export function writeDraft(input: { seed: string; target: string; prompt: string; profileId: string; n: number }): string {
  const language = draftLanguage(input.target);
  const p = PHRASES[language];
  const voice = simVoice(input.profileId);
  const key = `${input.seed}|draft|${input.target}|${input.profileId}|${input.n}`;
  const topic = promptTopic(input.prompt);
  const parts: string[] = [];
  parts.push(pick(voice.formal ? p.open.formal : p.open.casual, `${key}|open`));
  parts.push(topic ? pick(p.topic, `${key}|topic`).replace('{topic}', topic) : pick(p.plain, `${key}|plain`));
  if (voice.length >= 1) parts.push(pick(p.more, `${key}|more`));
  if (voice.length >= 2) parts.push(pick(voice.formal ? p.close.formal : p.close.casual, `${key}|close`));
  let text = parts.join(' ');
  if (voice.emoji > 0) {
    const first = pick(EMOJI, `${key}|e1`);
    text += ` ${voice.emoji === 2 ? first + pick(EMOJI, `${key}|e2`) : first}`;
  }
  return text;
}

/**
 * One answer: a draft per profile, none equal to another in the answer nor to the profile's
 * previous draft on this target (`counters` keeps, per target and profile, how many were written).
 */
export function writeDrafts(
  input: { seed: string; target: string; prompt: string; profileIds: string[] },
  counters: Map<string, { n: number; last: string }>,
): { drafts: { profile_id: string; text: string }[]; language: string } {
  const used = new Set<string>();
  const drafts = input.profileIds.map((profileId) => {
    const counterKey = `${input.target}|${profileId}`;
    const previous = counters.get(counterKey);
    let n = previous ? previous.n + 1 : 0;
    let text = writeDraft({ ...input, profileId, n });
    // Bounded: with 4 × 4 × 4 × 3 phrase choices and emoji a free variant comes within a few tries;
    // past 50, a numbered variant is still distinct.
    for (let tries = 0; (used.has(text) || text === previous?.last) && tries < 50; tries++) text = writeDraft({ ...input, profileId, n: ++n });
    if (used.has(text) || text === previous?.last) text = `${text} (${n})`;
    used.add(text);
    counters.set(counterKey, { n, last: text });
    return { profile_id: profileId, text };
  });
  return { drafts, language: draftLanguage(input.target) };
}

import { createElement, type ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import tr from '@/messages/tr.json';
import { ProfileList } from './profile-list';

/** The profile list as the server renders it into the page, in Turkish. */
function render(props: { loadFailed?: boolean; profiles?: { id: number; username: string; name: string; followers: string }[] }) {
  const list = createElement(ProfileList, {
    platform: 'twitter',
    profiles: props.profiles ?? [],
    selected: new Set<number>(),
    badges: {},
    onToggle: () => {},
    onToggleAll: () => {},
    allSelected: false,
    loadFailed: props.loadFailed,
  });
  const provider: ComponentProps<typeof NextIntlClientProvider> = { locale: 'tr', messages: tr, timeZone: 'Europe/Istanbul', children: null };
  return renderToStaticMarkup(createElement(NextIntlClientProvider, provider, list));
}

describe('the profile list of a service page', () => {
  it('says the list could not be loaded, with a reload button, when its read failed (§8)', () => {
    const html = render({ loadFailed: true });
    expect(html).toContain(tr.ServicePage.profileListError);
    expect(html).toContain(tr.Common.reload);
    expect(html).not.toContain(tr.ServicePage.noProfiles);
  });

  it('says there are no profiles when the read worked and found none', () => {
    const html = render({});
    expect(html).toContain(tr.ServicePage.noProfiles);
    expect(html).not.toContain(tr.ServicePage.profileListError);
  });

  it('shows the profiles it has even when flagged', () => {
    const html = render({ loadFailed: true, profiles: [{ id: 1, username: 'ada', name: 'Ada', followers: '3K' }] });
    expect(html).toContain('ada');
    expect(html).not.toContain(tr.ServicePage.profileListError);
  });
});

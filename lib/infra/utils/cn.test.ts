import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it('keeps a type-scale size beside a text colour', () => {
    expect(cn('text-small text-brand-ink')).toBe('text-small text-brand-ink');
    expect(cn('text-brand text-caption', 'text-ink')).toBe('text-caption text-ink');
  });

  it('lets a later size, radius, shadow or spacing token replace an earlier one', () => {
    expect(cn('text-small', 'text-body')).toBe('text-body');
    expect(cn('text-sm', 'text-heading')).toBe('text-heading');
    expect(cn('rounded-control', 'rounded-full')).toBe('rounded-full');
    expect(cn('shadow-card', 'shadow-none')).toBe('shadow-none');
    expect(cn('px-gutter', 'px-0')).toBe('px-0');
    expect(cn('p-card', 'p-6')).toBe('p-6');
    expect(cn('max-w-page', 'max-w-xl')).toBe('max-w-xl');
  });
});

'use client';

import type { ComponentProps } from 'react';
import { Textarea } from '@/components/ui/input';
import { useTypingPlaceholder } from './use-typing-placeholder';

type Props = Omit<ComponentProps<typeof Textarea>, 'placeholder'> & { examples: readonly string[]; rotateMs?: number };

/**
 * The prompt field with its typing placeholder (§2, §9). The placeholder changes every 10–25 ms
 * while it types, so its state lives here: only this textarea re-renders, not the whole workspace
 * with its list of profiles.
 */
export function PromptTextarea({ examples, rotateMs, ...props }: Props) {
  const placeholder = useTypingPlaceholder(examples, { rotateMs });
  return <Textarea {...props} placeholder={placeholder} />;
}

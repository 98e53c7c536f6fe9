'use client';

import { useForm, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * A /rooting form checked by the schema the API uses (lib/<cap>/schemas.ts). The inputs hold
 * strings that the schema coerces, so the form's Values are not the schema's own types.
 */
export function useSchemaForm<Values extends FieldValues>(schema: z.ZodType, options: Omit<UseFormProps<Values>, 'resolver'>) {
  return useForm<Values>({ resolver: zodResolver(schema as never) as unknown as Resolver<Values>, ...options });
}

import { z } from './zod.ts';
import { kenyanPhoneSchema } from './phone.ts';

export const personSchema = z
  .object({
    id: z.number().int(),
    profile_image: z.string().nullable(),
    full_name: z.string(),
    title: z.string(),
    message: z.string(),
    /** What staff wrote in Kiswahili, or null: show the English. The same for every reader (answers are cached per address). */
    title_sw: z.string().nullable(),
    message_sw: z.string().nullable(),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof personSchema>;

export const notificationSchema = z
  .object({
    noty_id: z.number().int(),
    date_notified: z.string(),
    message: z.string(),
    /** The notice in Kiswahili as staff wrote it, or null: show `message`. The same for every reader (answers are cached per address). */
    message_sw: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const CONTACT_MESSAGE_MIN = 3;

/** The contact form, validated the same way in the browser and on the server (CONTRACT §7). */
export const contactMessageInputSchema = z.object({
  name: z.string({ error: 'Name required!' }).trim().min(1, 'Name required!').max(100, 'At most 100 characters.'),
  email: z
    .string({ error: 'Email required!' })
    .trim()
    .min(3, 'Email required!')
    .max(254, 'At most 254 characters.')
    .pipe(z.email('Enter a valid email address.')),
  phone_number: kenyanPhoneSchema('Phone number required!'),
  message: z
    .string({ error: 'Message required!' })
    .trim()
    .min(CONTACT_MESSAGE_MIN, 'Message required!')
    .max(5000, 'At most 5000 characters.'),
});
export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;

export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  message: z.string(),
  date_sent: z.string(),
});

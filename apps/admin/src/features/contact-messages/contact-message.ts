/** A contact message as the back office's API gives it (apps/server/src/modules/admin/contact-messages.ts). */
export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  phone_number: string;
  message: string;
  is_read: boolean;
  created_at: string;
  user_id: number | null;
  /** The language a reply goes in: the account's, else the contact page's, else English. */
  reply_language: 'en' | 'sw';
  reply: string | null;
  replied_at: string | null;
  /** The staff member who replied last (username). */
  replied_by: string | null;
}

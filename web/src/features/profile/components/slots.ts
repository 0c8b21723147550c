import { createContext, type ComponentType } from 'react';
import type { AccountReply } from '../api/account';

/** What the profile-edit page gives the code dialog for a new mobile number. */
export interface CodeDialogProps {
  /** The new number (09xxxxxxxxx). */
  mobile: string;
  /** The `hash` of the code request. */
  hash: string;
  /** The code request's `resend_in`: seconds until another code may be asked for. */
  resendIn?: number | null;
  /** Sends a new code; the new hash (with the server's `resend_in`), or null when none was sent. */
  onResend: () => Promise<{ hash: string; resendIn?: number | null } | null>;
  /** Checks a code with the account's own call. */
  verify: (code: string, hash: string) => Promise<AccountReply>;
  /** The server accepted the code. */
  onVerified: (reply: AccountReply) => void | Promise<void>;
  /** Back to typing the number. */
  onEditNumber: () => void;
}

/**
 * The sign-in's code dialog (five boxes, countdown, resend), provided by the app from the auth
 * feature (features may not import each other), so a new number is confirmed exactly as a
 * sign-in is.
 */
export const CodeDialogSlot = createContext<ComponentType<CodeDialogProps> | null>(null);

/** The profile page's recent-orders summary, provided by the app from the orders feature. */
export const RecentOrdersSlot = createContext<ComponentType<{ limit: number }> | null>(null);

/**
 * A back-office user, stored at `users/{uid}` where uid is the Firebase Auth account id
 * (spec section 3, User).
 */
export interface User {
  id: string;
  name: string;
  email: string;
  location: string;
  /** Download URL of the 200x200 resized logo (spec 3, Files), or null when none. */
  logoUrl: string | null;
  /** Epoch milliseconds, chosen in the form's dd/MM/yyyy date picker. */
  createdAt: number;
  isAdmin: boolean;
}

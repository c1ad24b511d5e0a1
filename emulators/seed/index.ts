import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { localAdminApp } from '../admin';

export const DEMO_CREDENTIALS = [
  { role: 'admin', email: 'admin@tuition.test', password: 'admin123', isAdmin: true },
  { role: 'staff', email: 'staff@tuition.test', password: 'staff123', isAdmin: false },
] as const;

export async function databaseIsEmpty(): Promise<boolean> {
  const snapshot = await getDatabase(localAdminApp()).ref().get();
  return !snapshot.exists();
}

export async function seedDemoData() {
  const auth = getAuth(localAdminApp());
  const db = getDatabase(localAdminApp());
  for (const c of DEMO_CREDENTIALS) {
    const user = await auth.createUser({
      email: c.email,
      password: c.password,
      emailVerified: true,
    });
    await db.ref(`users/${user.uid}`).set({ email: c.email, isAdmin: c.isAdmin, name: c.role });
  }
  return { students: 0, tutors: 0, orders: 0 };
}

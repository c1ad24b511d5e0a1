/**
 * `npm run seed [-- --students N --tutors N --orders N --seed N]`: loads the demo data into the
 * local backend that `npm start` / `npm run emulators` is running (standard ports).
 */
import { parseArgs } from 'node:util';
import { closeLocalAdminApp } from '../admin';
import { DEMO_CREDENTIALS, seedDemoData } from './index';

const { values } = parseArgs({
  options: {
    students: { type: 'string' },
    tutors: { type: 'string' },
    orders: { type: 'string' },
    seed: { type: 'string' },
  },
});
const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));

try {
  const counts = await seedDemoData({
    students: number(values.students),
    tutors: number(values.tutors),
    orders: number(values.orders),
    seed: number(values.seed),
  });
  console.log(
    `Seeded ${counts.accounts} accounts, ${counts.students} students, ${counts.tutors} tutors, ` +
      `${counts.orders} orders, ${counts.subjects} subjects, ${counts.schools} schools.`,
  );
  for (const { role, email, password } of DEMO_CREDENTIALS)
    console.log(`  ${role}: ${email} / ${password}`);
  // The Database SDK keeps its socket open; close it so the command ends.
  await closeLocalAdminApp();
  process.exit(0);
} catch (error) {
  console.error('Seeding failed (is the backend running? `npm run emulators`):', error);
  process.exit(1);
}

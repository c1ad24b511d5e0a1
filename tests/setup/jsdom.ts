import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts what a test rendered through an afterEach hook that it registers when
// first imported; in a worker that keeps its modules for the next file (`isolate: false`) that
// happens for the first file only, so every file registers it here.
afterEach(() => cleanup());

// Vitest setup file: after each test file, the data folders its tests made with newDataDir are
// removed, whether or not the test removed them itself (a failed test, a service stopped by a signal).
import { afterAll } from 'vitest';
import { removeDataDirs } from './app.js';

afterAll(removeDataDirs);

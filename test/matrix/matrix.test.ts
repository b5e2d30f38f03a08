// The combination matrix (test/matrix/plan.ts): one test per project of the covering array, built side by side.
import { matrixShare } from './plan.js';

// One share: vitest gives a 2-core machine one worker, so the projects overlap inside this file instead.
matrixShare(0, 1);

// The combination matrix (test/matrix/plan.ts): one test per project of the covering array, built side by side.
import { matrixShare } from './plan.js';

// One share: the projects overlap inside this file (steps in turn, checks in the background).
matrixShare(0, 1);

// Share 2 of 3 of the combination matrix (test/matrix/plan.ts): vitest builds the shares side by side.
import { matrixShare } from './plan.js';

matrixShare(1, 3);

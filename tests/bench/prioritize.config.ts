// The Prioritize cost benchmark: the same servers as the Review benchmark, another spec.
import * as path from 'path';
import review from './review.config';

export default {
  ...review,
  testMatch: /prioritize-cost\.bench\.ts$/,
  outputDir: path.resolve(__dirname, '..', '..', 'test-results', 'bench-prioritize'),
};

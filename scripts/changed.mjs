// The files a branch changes: since its merge base with main (`BASE`, default main), committed or
// not, and new files git does not ignore; deleted files left out (there is nothing to check).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const git = async (...args) => (await promisify(execFile)('git', args, { encoding: 'utf8', maxBuffer: 16 << 20 })).stdout;

export async function changedFiles(base = process.env.BASE ?? 'main') {
  const from = (await git('merge-base', base, 'HEAD').catch(() => '')).trim();
  const lines = [...(from === '' ? [] : (await git('diff', '--name-only', from)).split('\n')), ...(await git('ls-files', '--others', '--exclude-standard')).split('\n')];
  return [...new Set(lines.filter((file) => file !== '' && existsSync(file)))];
}

/**
 * A progress bar on stderr: redrawn in place on a terminal, a line every tenth of the way
 * otherwise (so CI logs show movement without thousands of lines).
 */
export interface Progress {
  update(done: number, note?: string): void;
  finish(note?: string): void;
}

export function progressBar(label: string, total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  const tty = stream.isTTY;
  const width = 30;
  let lastTenth = -1;
  const render = (done: number, note: string): string => {
    const share = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(share * width);
    const pct = Math.floor(share * 100)
      .toString()
      .padStart(3);
    return `${label} [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${pct}% ${done}/${total}${note ? `  ${note}` : ''}`;
  };
  return {
    update(done, note = '') {
      if (tty) {
        stream.write(`\r${render(done, note)}\x1b[K`);
        return;
      }
      const tenth = total > 0 ? Math.floor((done / total) * 10) : 10;
      if (tenth > lastTenth) {
        lastTenth = tenth;
        stream.write(`${render(done, note)}\n`);
      }
    },
    finish(note = '') {
      if (tty) stream.write(`\r${render(total, note)}\x1b[K\n`);
      else if (lastTenth < 10) stream.write(`${render(total, note)}\n`);
    },
  };
}

// Whether a process exists, by pid: signal 0 checks without sending anything. EPERM means it exists
// but belongs to another user (the local PostgreSQL server runs as a system user of its own).
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Runs one benchmark module (bench/bench-*.mjs) in a process of its own and sends its section to
// the parent (bench/run.mjs) over IPC, so that what one benchmark leaves in its load generator
// (the fan-out's 5,000 sockets, their garbage) cannot weigh on the next one's measurements.
const [file, duration, connections] = process.argv.slice(2);
const mod = await import(file);
const section = await mod.run({ duration: Number(duration), connections: Number(connections) });
process.send?.({ section: section ?? null });
// Whatever a module leaves running (timers, sockets) must not keep this process.
process.disconnect?.();
process.exit(0);

export { handleSim, configureSim, simStats, DEFAULT_SIM_CONFIG, type SimConfig, type SimMode } from './simulator';
export { serveSimProvider, isSimProviderPath, SIM_PREFIX } from './node';
export { simProfiles, SIM_PROFILES_PER_PLATFORM } from './profiles';

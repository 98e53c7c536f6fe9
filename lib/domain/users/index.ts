export { getKullanici, toKullanici, type Kullanici } from './get-kullanici';
export { updateProfile } from './update-profile';
export { profileSchema, profileFormSchema, type ProfileInput, type ProfileFormInput } from './schemas';

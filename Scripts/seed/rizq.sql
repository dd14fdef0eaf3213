-- RIZQ seed data for queries/schema/*.sql: categories, collections, duas (Arabic text,
-- transliteration, English translation, source), journeys, journey_duas in all three time
-- slots, and two users with a week of activity. Loaded by Scripts/local-stack.sh.
-- Ids are fixed so tests and the demo can refer to them; sequences are moved past them.

BEGIN;

INSERT INTO categories (id, name, slug, description) VALUES
    (1, 'Morning & Evening', 'morning-evening', 'Remembrances the Prophet ﷺ said after Fajr and after Asr.'),
    (2, 'Rizq & Provision', 'rizq', 'Asking Allah for lawful, blessed and sufficient provision.'),
    (3, 'Forgiveness', 'forgiveness', 'Istighfar and repentance.'),
    (4, 'Protection', 'protection', 'Seeking refuge from harm, evil and hardship.'),
    (5, 'Praise & Gratitude', 'praise', 'Tasbih, tahmid and tahlil.'),
    (6, 'Quranic Duas', 'quranic', 'Supplications taken from the Quran.');

INSERT INTO collections (id, name, slug, description, is_premium) VALUES
    (1, 'Fortress of the Muslim', 'hisn-al-muslim', 'Authentic daily adhkar as gathered in Hisn al-Muslim.', false),
    (2, 'Duas of the Quran', 'quran-duas', 'Rabbana duas and other supplications from the Quran.', false),
    (3, 'Prophetic Essentials', 'prophetic-essentials', 'A curated set of the most comprehensive prophetic duas.', true);

INSERT INTO duas (id, category_id, collection_id, title_en, title_ar, arabic_text, transliteration, translation_en,
                  source, repetitions, best_time, difficulty, est_duration_sec, rizq_benefit, context, prophetic_context,
                  xp_value, audio_url) VALUES
    (1, 1, 1, 'Morning declaration of sovereignty', 'أذكار الصباح',
     'أَصْبَحْنَا وَأَصْبَحَ الْمُلْكُ لِلَّهِ، وَالْحَمْدُ لِلَّهِ، لَا إِلَهَ إِلَّا اللَّهُ وَحْدَهُ لَا شَرِيكَ لَهُ، لَهُ الْمُلْكُ وَلَهُ الْحَمْدُ وَهُوَ عَلَى كُلِّ شَيْءٍ قَدِيرٌ',
     'Asbahna wa asbahal-mulku lillah, walhamdu lillah, la ilaha illallahu wahdahu la sharika lah, lahul-mulku wa lahul-hamdu wa huwa ''ala kulli shay''in qadir',
     'We have entered the morning and the dominion belongs to Allah. Praise is for Allah. None has the right to be worshipped but Allah alone, without partner. His is the dominion and His is the praise, and He is over all things capable.',
     'Sahih Muslim 2723', 1, 'After Fajr', 'beginner', 30, 'Begins the day acknowledging that all provision is His.',
     'Said each morning; in the evening "amsayna wa amsal-mulku lillah".', 'The Prophet ﷺ would say this when morning came.', 10, NULL),
    (2, 1, 1, 'Evening declaration of sovereignty', 'أذكار المساء',
     'أَمْسَيْنَا وَأَمْسَى الْمُلْكُ لِلَّهِ، وَالْحَمْدُ لِلَّهِ، لَا إِلَهَ إِلَّا اللَّهُ وَحْدَهُ لَا شَرِيكَ لَهُ، لَهُ الْمُلْكُ وَلَهُ الْحَمْدُ وَهُوَ عَلَى كُلِّ شَيْءٍ قَدِيرٌ',
     'Amsayna wa amsal-mulku lillah, walhamdu lillah, la ilaha illallahu wahdahu la sharika lah, lahul-mulku wa lahul-hamdu wa huwa ''ala kulli shay''in qadir',
     'We have entered the evening and the dominion belongs to Allah. Praise is for Allah. None has the right to be worshipped but Allah alone, without partner. His is the dominion and His is the praise, and He is over all things capable.',
     'Sahih Muslim 2723', 1, 'After Asr', 'beginner', 30, NULL,
     'The evening counterpart of the morning remembrance.', 'The Prophet ﷺ would say this when evening came.', 10, NULL),
    (3, 6, 2, 'Ayat al-Kursi (opening)', 'آية الكرسي',
     'اللَّهُ لَا إِلَٰهَ إِلَّا هُوَ الْحَيُّ الْقَيُّومُ ۚ لَا تَأْخُذُهُ سِنَةٌ وَلَا نَوْمٌ ۚ لَّهُ مَا فِي السَّمَاوَاتِ وَمَا فِي الْأَرْضِ',
     'Allahu la ilaha illa huwal-hayyul-qayyum, la ta''khudhuhu sinatun wa la nawm, lahu ma fis-samawati wa ma fil-ard',
     'Allah, there is no deity except Him, the Ever-Living, the Sustainer of existence. Neither drowsiness overtakes Him nor sleep. To Him belongs whatever is in the heavens and whatever is on the earth.',
     'Quran 2:255', 1, 'Morning, evening and before sleep', 'intermediate', 60, NULL,
     'Whoever recites it in the morning is protected until evening, and in the evening until morning.',
     'Reported by al-Hakim; recited also after every obligatory prayer (an-Nasa''i).', 20, NULL),
    (4, 3, 3, 'The master of seeking forgiveness', 'سيد الاستغفار',
     'اللَّهُمَّ أَنْتَ رَبِّي لَا إِلَهَ إِلَّا أَنْتَ، خَلَقْتَنِي وَأَنَا عَبْدُكَ، وَأَنَا عَلَى عَهْدِكَ وَوَعْدِكَ مَا اسْتَطَعْتُ، أَعُوذُ بِكَ مِنْ شَرِّ مَا صَنَعْتُ، أَبُوءُ لَكَ بِنِعْمَتِكَ عَلَيَّ، وَأَبُوءُ بِذَنْبِي فَاغْفِرْ لِي، فَإِنَّهُ لَا يَغْفِرُ الذُّنُوبَ إِلَّا أَنْتَ',
     'Allahumma anta rabbi la ilaha illa ant, khalaqtani wa ana ''abduk, wa ana ''ala ''ahdika wa wa''dika mastata''t, a''udhu bika min sharri ma sana''t, abu''u laka bini''matika ''alayy, wa abu''u bidhanbi faghfir li, fa innahu la yaghfirudh-dhunuba illa ant',
     'O Allah, You are my Lord; none has the right to be worshipped but You. You created me and I am Your servant, and I keep Your covenant and promise as best I can. I seek refuge in You from the evil of what I have done. I acknowledge Your favour upon me and I acknowledge my sin, so forgive me, for none forgives sins but You.',
     'Sahih al-Bukhari 6306', 1, 'Morning and evening', 'intermediate', 45, 'Istighfar opens the doors of provision (Quran 71:10-12).',
     'Whoever says it with certainty during the day and dies before evening is of the people of Paradise.',
     'The Prophet ﷺ called it the master of seeking forgiveness.', 25, NULL),
    (5, 4, 1, 'In the name of Allah, with whose name nothing harms', 'بسم الله الذي لا يضر',
     'بِسْمِ اللَّهِ الَّذِي لَا يَضُرُّ مَعَ اسْمِهِ شَيْءٌ فِي الْأَرْضِ وَلَا فِي السَّمَاءِ وَهُوَ السَّمِيعُ الْعَلِيمُ',
     'Bismillahil-ladhi la yadurru ma''asmihi shay''un fil-ardi wa la fis-sama''i wa huwas-sami''ul-''alim',
     'In the name of Allah, with whose name nothing on earth or in the heavens can cause harm, and He is the All-Hearing, the All-Knowing.',
     'Sunan Abi Dawud 5088; Jami'' at-Tirmidhi 3388', 3, 'Morning and evening', 'beginner', 20, NULL,
     'Said three times in the morning and three times in the evening.',
     'Nothing will harm the one who says it three times, reported ''Uthman ibn ''Affan.', 15, NULL),
    (6, 5, 1, 'Glory and praise be to Allah', 'سبحان الله وبحمده',
     'سُبْحَانَ اللَّهِ وَبِحَمْدِهِ',
     'Subhanallahi wa bihamdih',
     'Glory be to Allah and praise be to Him.',
     'Sahih Muslim 2692; Sahih al-Bukhari 6405', 100, 'Morning and evening', 'beginner', 120, NULL,
     'A hundred times; sins are forgiven even if like the foam of the sea.',
     'No one brings anything better on the Day of Resurrection except one who said the same or more.', 15, NULL),
    (7, 1, 1, 'By You we enter the morning', 'اللهم بك أصبحنا',
     'اللَّهُمَّ بِكَ أَصْبَحْنَا، وَبِكَ أَمْسَيْنَا، وَبِكَ نَحْيَا، وَبِكَ نَمُوتُ، وَإِلَيْكَ النُّشُورُ',
     'Allahumma bika asbahna, wa bika amsayna, wa bika nahya, wa bika namutu, wa ilaykan-nushur',
     'O Allah, by You we enter the morning and by You we enter the evening, by You we live and by You we die, and to You is the resurrection.',
     'Jami'' at-Tirmidhi 3391', 1, 'After Fajr', 'beginner', 15, NULL,
     'In the evening the ending is "wa ilaykal-masir".', NULL, 10, NULL),
    (8, 2, 3, 'Beneficial knowledge, good provision', 'علما نافعا ورزقا طيبا',
     'اللَّهُمَّ إِنِّي أَسْأَلُكَ عِلْمًا نَافِعًا، وَرِزْقًا طَيِّبًا، وَعَمَلًا مُتَقَبَّلًا',
     'Allahumma inni as''aluka ''ilman nafi''an, wa rizqan tayyiban, wa ''amalan mutaqabbalan',
     'O Allah, I ask You for beneficial knowledge, good provision and accepted deeds.',
     'Sunan Ibn Majah 925', 1, 'After the Fajr prayer', 'beginner', 15, 'Asks directly for pure, lawful provision.',
     'Said after giving the salam of the Fajr prayer.', 'Umm Salamah reported the Prophet ﷺ saying it after Fajr.', 20, NULL),
    (9, 2, 3, 'Suffice me with what is lawful', 'اللهم اكفني بحلالك',
     'اللَّهُمَّ اكْفِنِي بِحَلَالِكَ عَنْ حَرَامِكَ، وَأَغْنِنِي بِفَضْلِكَ عَمَّنْ سِوَاكَ',
     'Allahummak-fini bihalalika ''an haramik, wa aghnini bifadlika ''amman siwak',
     'O Allah, suffice me with what You have made lawful instead of what You have forbidden, and make me independent by Your bounty of all besides You.',
     'Jami'' at-Tirmidhi 3563', 1, 'Any time', 'beginner', 15, 'Relief from debt and dependence on people.',
     'Taught by ''Ali to a man burdened by debt.', 'Even with a debt like a mountain, Allah would settle it.', 20, NULL),
    (10, 6, 2, 'Good in this world and the next', 'ربنا آتنا في الدنيا حسنة',
     'رَبَّنَا آتِنَا فِي الدُّنْيَا حَسَنَةً وَفِي الْآخِرَةِ حَسَنَةً وَقِنَا عَذَابَ النَّارِ',
     'Rabbana atina fid-dunya hasanatan wa fil-akhirati hasanatan wa qina ''adhaban-nar',
     'Our Lord, give us good in this world and good in the Hereafter, and protect us from the punishment of the Fire.',
     'Quran 2:201; Sahih al-Bukhari 4522', 1, 'Any time', 'beginner', 10, 'Comprehensive good, provision included.',
     'The supplication the Prophet ﷺ made most often.', 'Anas reported it was the dua the Prophet ﷺ said most.', 10, NULL),
    (11, 3, 1, 'I seek forgiveness and repent', 'أستغفر الله وأتوب إليه',
     'أَسْتَغْفِرُ اللَّهَ وَأَتُوبُ إِلَيْهِ',
     'Astaghfirullaha wa atubu ilayh',
     'I seek the forgiveness of Allah and repent to Him.',
     'Sahih al-Bukhari 6307', 100, 'Any time', 'beginner', 150, 'Istighfar brings rain, wealth and children (Quran 71:10-12).',
     NULL, 'The Prophet ﷺ sought forgiveness more than seventy times a day.', 15, NULL),
    (12, 5, 1, 'None has the right to be worshipped but Allah', 'لا إله إلا الله وحده',
     'لَا إِلَهَ إِلَّا اللَّهُ وَحْدَهُ لَا شَرِيكَ لَهُ، لَهُ الْمُلْكُ وَلَهُ الْحَمْدُ، وَهُوَ عَلَى كُلِّ شَيْءٍ قَدِيرٌ',
     'La ilaha illallahu wahdahu la sharika lah, lahul-mulku wa lahul-hamdu wa huwa ''ala kulli shay''in qadir',
     'None has the right to be worshipped but Allah alone, without partner. His is the dominion and His is the praise, and He is over all things capable.',
     'Sahih al-Bukhari 3293; Sahih Muslim 2691', 10, 'Morning', 'beginner', 60, NULL,
     'Ten times in the morning; a hundred times equals freeing ten slaves.', NULL, 20, NULL),
    (13, 4, 1, 'Allah is sufficient for me', 'حسبي الله',
     'حَسْبِيَ اللَّهُ لَا إِلَهَ إِلَّا هُوَ عَلَيْهِ تَوَكَّلْتُ وَهُوَ رَبُّ الْعَرْشِ الْعَظِيمِ',
     'Hasbiyallahu la ilaha illa huwa ''alayhi tawakkaltu wa huwa rabbul-''arshil-''azim',
     'Allah is sufficient for me; there is no deity except Him. On Him I rely, and He is the Lord of the Great Throne.',
     'Quran 9:129; Sunan Abi Dawud 5081', 7, 'Morning and evening', 'beginner', 40, NULL,
     'Seven times in the morning and evening; Allah suffices him in what concerns him.', NULL, 15, NULL),
    (14, 4, 1, 'Refuge in the perfect words of Allah', 'أعوذ بكلمات الله التامات',
     'أَعُوذُ بِكَلِمَاتِ اللَّهِ التَّامَّاتِ مِنْ شَرِّ مَا خَلَقَ',
     'A''udhu bikalimatillahit-tammati min sharri ma khalaq',
     'I seek refuge in the perfect words of Allah from the evil of what He has created.',
     'Sahih Muslim 2709', 3, 'Evening', 'beginner', 15, NULL,
     'Three times in the evening; nothing will harm him that night.', NULL, 10, NULL),
    (15, 4, 3, 'Relief from worry, grief and debt', 'اللهم إني أعوذ بك من الهم والحزن',
     'اللَّهُمَّ إِنِّي أَعُوذُ بِكَ مِنَ الْهَمِّ وَالْحَزَنِ، وَالْعَجْزِ وَالْكَسَلِ، وَالْبُخْلِ وَالْجُبْنِ، وَضَلَعِ الدَّيْنِ وَغَلَبَةِ الرِّجَالِ',
     'Allahumma inni a''udhu bika minal-hammi wal-hazan, wal-''ajzi wal-kasal, wal-bukhli wal-jubn, wa dala''id-dayni wa ghalabatir-rijal',
     'O Allah, I seek refuge in You from worry and grief, from incapacity and laziness, from miserliness and cowardice, from the burden of debt and from being overpowered by men.',
     'Sahih al-Bukhari 6369', 1, 'Any time', 'intermediate', 25, 'Protection from the burden of debt.',
     NULL, 'Anas heard the Prophet ﷺ say it often.', 20, NULL),
    (16, 4, 3, 'O Ever-Living, O Sustainer', 'يا حي يا قيوم',
     'يَا حَيُّ يَا قَيُّومُ بِرَحْمَتِكَ أَسْتَغِيثُ، أَصْلِحْ لِي شَأْنِي كُلَّهُ، وَلَا تَكِلْنِي إِلَى نَفْسِي طَرْفَةَ عَيْنٍ',
     'Ya hayyu ya qayyumu birahmatika astaghith, aslih li sha''ni kullah, wa la takilni ila nafsi tarfata ''ayn',
     'O Ever-Living, O Sustainer, by Your mercy I seek help: set right all my affairs and do not leave me to myself even for the blink of an eye.',
     'an-Nasa''i, as-Sunan al-Kubra 10405; al-Hakim 1/545', 1, 'Morning and evening', 'intermediate', 20, NULL,
     'Taught to Fatimah to say morning and evening.', NULL, 20, NULL);

INSERT INTO journeys (id, name, slug, description, emoji, estimated_minutes, daily_xp, is_premium, is_featured, sort_order) VALUES
    (1, 'Morning Adhkar Essentials', 'morning-essentials', 'Start every day with the core morning remembrances.', '☀️', 8, 60, false, true, 1),
    (2, 'Evening Protection', 'evening-protection', 'Close the day under Allah''s protection.', '🌙', 7, 55, false, true, 2),
    (3, 'Rizq Seeker', 'rizq-seeker', 'Duas for lawful, blessed and sufficient provision.', '💰', 6, 70, false, true, 3),
    (4, 'Daily Istighfar', 'daily-istighfar', 'Build a habit of seeking forgiveness every day.', '🤲', 5, 40, false, false, 4),
    (5, 'Shield of Protection', 'protection-shield', 'Morning and evening duas of refuge.', '🛡️', 6, 50, false, false, 5),
    (6, 'Gratitude Builder', 'gratitude-builder', 'Tasbih and tahmid to grow a grateful heart.', '🌿', 5, 35, false, false, 6),
    (7, 'Debt Relief', 'debt-relief', 'Prophetic duas for those burdened by debt.', '🔓', 4, 45, false, false, 7),
    (8, 'Knowledge Seeker', 'knowledge-seeker', 'Ask for beneficial knowledge and good deeds.', '📚', 3, 30, false, false, 8),
    (9, 'Tawakkul', 'tawakkul', 'Rely on Allah through the day.', '🕊️', 4, 35, false, false, 9),
    (10, 'Duas of the Quran', 'quranic-duas', 'Supplications from the Quran, morning to night.', '📖', 6, 45, false, true, 10),
    (11, 'Calm Heart', 'calm-heart', 'Duas for worry, grief and anxiety.', '💚', 4, 40, false, false, 11),
    (12, 'Family Blessings', 'family-blessings', 'Protection and provision for your household.', '🏡', 5, 45, true, false, 12),
    (13, 'Student Focus', 'student-focus', 'Short duas before study and exams.', '🎓', 3, 30, false, false, 13),
    (14, 'Night Companion', 'night-companion', 'Remembrance before sleep and at night.', '⭐', 6, 50, true, false, 14),
    (15, 'Quick Five', 'quick-five', 'Five minutes of the most rewarding adhkar.', '⚡', 5, 40, false, true, 15);

INSERT INTO journey_duas (journey_id, dua_id, time_slot, sort_order) VALUES
    (1, 1, 'morning', 1), (1, 7, 'morning', 2), (1, 3, 'morning', 3), (1, 5, 'morning', 4), (1, 12, 'morning', 5), (1, 6, 'anytime', 6),
    (2, 2, 'evening', 1), (2, 3, 'evening', 2), (2, 14, 'evening', 3), (2, 5, 'evening', 4), (2, 4, 'evening', 5),
    (3, 8, 'morning', 1), (3, 9, 'anytime', 2), (3, 11, 'anytime', 3), (3, 10, 'anytime', 4), (3, 15, 'evening', 5),
    (4, 4, 'morning', 1), (4, 11, 'anytime', 2), (4, 6, 'evening', 3),
    (5, 5, 'morning', 1), (5, 13, 'morning', 2), (5, 3, 'anytime', 3), (5, 14, 'evening', 4), (5, 16, 'evening', 5),
    (6, 6, 'morning', 1), (6, 12, 'anytime', 2), (6, 1, 'morning', 3), (6, 2, 'evening', 4),
    (7, 9, 'anytime', 1), (7, 15, 'morning', 2), (7, 11, 'evening', 3),
    (8, 8, 'morning', 1), (8, 10, 'anytime', 2),
    (9, 13, 'morning', 1), (9, 16, 'anytime', 2);

INSERT INTO journey_duas (journey_id, dua_id, time_slot, sort_order) VALUES
    (9, 3, 'evening', 3),
    (10, 3, 'morning', 1), (10, 10, 'anytime', 2), (10, 13, 'evening', 3),
    (11, 15, 'anytime', 1), (11, 16, 'morning', 2), (11, 13, 'evening', 3),
    (12, 5, 'morning', 1), (12, 9, 'anytime', 2), (12, 14, 'evening', 3), (12, 10, 'anytime', 4),
    (13, 8, 'morning', 1), (13, 16, 'anytime', 2),
    (14, 3, 'evening', 1), (14, 14, 'evening', 2), (14, 4, 'evening', 3), (14, 6, 'anytime', 4),
    (15, 6, 'morning', 1), (15, 11, 'anytime', 2), (15, 10, 'anytime', 3), (15, 12, 'evening', 4);

INSERT INTO user_profiles (user_id, display_name, streak, total_xp, level, last_active_date, is_admin) VALUES
    ('5b7c2a8e-1f43-4d6a-9c1e-2f8a7b3c4d01', 'Amina', 5, 420, 3, CURRENT_DATE - 1, false),
    ('9e3f6d21-8a7b-4c5d-b1e2-3f4a5b6c7d02', 'Yusuf', 0, 80, 1, CURRENT_DATE - 6, true);

INSERT INTO user_activity (user_id, date, duas_completed, xp_earned) VALUES
    ('5b7c2a8e-1f43-4d6a-9c1e-2f8a7b3c4d01', CURRENT_DATE - 5, '{1,7,3}', 40),
    ('5b7c2a8e-1f43-4d6a-9c1e-2f8a7b3c4d01', CURRENT_DATE - 4, '{1,7,3,5}', 55),
    ('5b7c2a8e-1f43-4d6a-9c1e-2f8a7b3c4d01', CURRENT_DATE - 3, '{1,2,14}', 30),
    ('5b7c2a8e-1f43-4d6a-9c1e-2f8a7b3c4d01', CURRENT_DATE - 2, '{8,9,11}', 55),
    ('5b7c2a8e-1f43-4d6a-9c1e-2f8a7b3c4d01', CURRENT_DATE - 1, '{1,3,4,6}', 70),
    ('9e3f6d21-8a7b-4c5d-b1e2-3f4a5b6c7d02', CURRENT_DATE - 6, '{6,11}', 30),
    ('9e3f6d21-8a7b-4c5d-b1e2-3f4a5b6c7d02', CURRENT_DATE - 9, '{}', 0);

SELECT setval(pg_get_serial_sequence('categories', 'id'), (SELECT max(id) FROM categories));
SELECT setval(pg_get_serial_sequence('collections', 'id'), (SELECT max(id) FROM collections));
SELECT setval(pg_get_serial_sequence('duas', 'id'), (SELECT max(id) FROM duas));
SELECT setval(pg_get_serial_sequence('journeys', 'id'), (SELECT max(id) FROM journeys));

COMMIT;

//! A stored prioritization checked again when it is opened or resumed, as the run checks it: a
//! valid backlog, rounds numbered in order, and every ranking, concern and disposition naming
//! opportunities of the backlog. A hand-edited record that fails says what is wrong.
use crate::record::prioritize::backlog::validate_backlog;
use crate::record::prioritize::body::PrioritizeBody;

pub fn stored_prioritize_problems(body: &PrioritizeBody) -> Vec<String> {
    let mut problems = Vec::new();
    if let Err(problem) = validate_backlog(&body.backlog) {
        problems.push(problem);
    }
    let ids = body.ids();
    let known = |id: &String| ids.contains(id);
    for (index, round) in body.debate.rounds.iter().enumerate() {
        let at = format!("Round {}", index + 1);
        if round.round_number != index as u32 + 1 {
            problems.push(format!("{at} is numbered {}.", round.round_number));
        }
        let lists = [
            ("champion_rankings", &round.champion_rankings),
            ("critic_counter_rankings", &round.critic_counter_rankings),
            ("moderator_final_rankings", &round.moderator_final_rankings),
        ];
        for (name, list) in lists {
            if let Some(unknown) = list.iter().find(|id| !known(id)) {
                problems.push(format!(
                    "{at}'s {name} names \"{unknown}\", which is not in the backlog."
                ));
            }
        }
        let keyed = round
            .critic_concerns
            .keys()
            .chain(round.moderator_dispositions.keys());
        for id in keyed {
            if !known(id) {
                problems.push(format!(
                    "{at} speaks of \"{id}\", which is not in the backlog."
                ));
                break;
            }
        }
    }
    problems
}
